-- Found by tests/gen/gen.py (seed 1, program 149 once loops were generated), rewritten by
-- hand. With --bot-all, rounds after the first applied the BOT to whole entries only,
-- which leave loop steps alone, so the vjp of a loop's step made by round 1 reached AD
-- with its build untransformed: "AD: cannot differentiate build1 2 (..)".
def loss(x0: f64, xs: [m, 3]f64): f64 =
  mapAccum(\s e -> (s * 0.5 + sin(sum(e) * s), build([2], \i -> s * f64(i))), x0, xs).0
entry loss_v(x0: f64, xs: [m, 3]f64): f64 = loss(x0, xs)
entry loss_g(x0: f64, xs: [m, 3]f64) = grad(loss)(x0, xs)
-- GEN-GRAD: loss_v loss_g | []f64 [2,3]f64
-- GEN-INPUT: 0.75
-- GEN-INPUT: [[0.5, -0.25, 1.0], [0.125, 0.5, -1.0]]
