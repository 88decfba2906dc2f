-- Reverse mode through while loops (while_reverse_test.py). `steps` and `bound` are
-- constants (overridden with -D): the loop stops after `steps` steps or at `bound`.
def steps = 100000
def bound = 4611686018427387904

def decay(s0: [m]f64, w: f64): f64 =
  let (s, t) = while(bound, \st -> (let (s, t) = st in t < f64(steps)),
                     \st -> (let (s, t) = st in (s * w + 0.001 * sin(s), t + 1.0)), (s0, 0.0)) in
  sum(s * s) + t

entry dDecay(s0: [m]f64, w: f64) = grad(decay)(s0, w)

-- The same gradient per row, inside a build: each row keeps the states of its steps.
entry dRows(s0: [r, m]f64, w: f64) = build([r], \i -> grad(decay)(s0[i], w).0)

-- A second derivative (forward over reverse): the gradient inside the jvp's function is
-- differentiated again, so its sweep recomputes the states instead of keeping them.
entry ddW(s0: [m]f64, w: f64) = jvp(\v -> grad(decay)(s0, v).1)(w, 1.0)

-- The gradient in a fold's step, at three points: inside a loop's step the states are
-- kept too, in arrays bound per step.
entry dStepped(s0: [m]f64, w: f64): f64 =
  fold(\acc k -> acc + grad(decay)(s0, w + 0.01 * f64(k)).1, 0.0, iota(3))
