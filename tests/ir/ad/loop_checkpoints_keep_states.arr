-- ARGS: --dump-after=transpose --verify-ir --loop-checkpoints=2
-- With checkpoints, loops differentiated inside a step keep only their states: the
-- segments' inner loops (and the inner fold) are recomputed, their intermediate values are
-- not stacked, so memory stays O(states).
def f(xs: [n]f64, w: f64): f64 =
  fold(\a x -> fold(\b y -> tanh(b * w + y * x), a, [x, 2.0 * x]), 0.5, xs)
entry df(xs: [n]f64, w: f64) = grad(f)(xs, w)
-- CHECK-LABEL: -- after transpose (round 2)
-- CHECK: vjp (\
-- CHECK-NOT: kept_
-- CHECK-LABEL: -- after transpose (round 3)
-- CHECK-NOT: kept_
