-- Reverse mode through while loops (while_reverse_test.py). `steps` and `bound` are
-- constants (overridden with -D): the loop stops after `steps` steps or at `bound`.
def steps = 100000
def bound = 4611686018427387904

def decay(s0: [m]f64, w: f64): f64 =
  let (s, t) = while(bound, \st -> (let (s, t) = st in t < f64(steps)),
                     \st -> (let (s, t) = st in (s * w + 0.001 * sin(s), t + 1.0)), (s0, 0.0)) in
  sum(s * s) + t

entry dDecay(s0: [m]f64, w: f64) = grad(decay)(s0, w)

-- The same gradient per row, inside a build: not at the entry's top level, so the reverse
-- sweep recomputes the states instead of keeping them.
entry dRows(s0: [r, m]f64, w: f64) = build([r], \i -> grad(decay)(s0[i], w).0)

-- The gradient in a fold's step, at three points: inside a loop's step the states are
-- kept too, in arrays bound per step.
entry dStepped(s0: [m]f64, w: f64): f64 =
  fold(\acc k -> acc + grad(decay)(s0, w + 0.01 * f64(k)).1, 0.0, iota(3))
