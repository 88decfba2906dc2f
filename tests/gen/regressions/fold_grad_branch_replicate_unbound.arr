-- Found by tests/gen/gen.py (seed 1, program 12, once while loops were generated), shrunk
-- by hand. Open: the gradient of a fold whose step takes exp of a dot product of an
-- `if` between replicate and build with another replicate leaves the IR malformed after
-- the optimize pass ("unbound variable x"), which --verify-ir reports as an internal
-- compiler error. Without the `if`, without exp, or with iterate instead of a fold over
-- x, the gradient is fine.
def loss(x: [n]f64): f64 =
  fold(\s e -> exp(dot(if s > 0.0 then replicate(2, s) else build([2], \i -> s), replicate(2, s))), x[0], x)
entry loss_v(x: [n]f64): f64 =
  loss(x)
entry loss_g(x: [n]f64) =
  grad(loss)(x)
-- GEN-GRAD: loss_v loss_g | [2]f64
-- GEN-INPUT: [0.25, 0.5]
