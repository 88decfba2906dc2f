-- Gradients of long loops and the default --loop-checkpoints=auto (loop_checkpoints_test.py).
-- `steps` is a constant (overridden with -D), the other sizes come from the inputs.
def steps = 100000

def decay(s0: [m]f64, w: f64): f64 =
  sum(iterate(steps, \i s -> s * w + 0.001 * sin(s), s0))

entry dDecay(s0: [m]f64, w: f64) = grad(decay)(s0, w)

def folded(s0: [m]f64, xs: [n]f64, w: f64): f64 =
  sum(fold(\s x -> tanh(s * w + x), s0, xs))

entry dFolded(s0: [m]f64, xs: [n]f64, w: f64) = grad(folded)(s0, xs, w)
