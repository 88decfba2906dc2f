-- Found by tests/gen/gen.py --seed 11 (program 49), shrunk: a call with a derivative rule
-- whose result is indexed (customVjp(h, rule)(..)[0]) under a second round of
-- differentiation. The simplifier inlined the let of the custom node into its one use,
-- leaving `index (customVjp ..) [0]`, which is not in the BOT's normal form (internal
-- compiler error after bot, round 2). A custom node now stays let-bound, as loops do.
def helper68(a0: [1, p0]f64, a1: [2, p0]f64): [1, p0]f64 =
  a0
def fn(x0: f64, x1: [1]f64, x2: [k]i64): f64 =
  maximum(customVjp(helper68, \r70 r71 y72 ct73 -> vjp(helper68)(r70, r71, ct73))(build([1, k], \i63 i65 -> 0.0), build([2, k], \i66 i67 -> 0.0))[0])
entry fn_v(x0: f64, x1: [1]f64, x2: [k]i64): f64 =
  fn(x0, x1, x2)
entry fn_vjp(x0: f64, x1: [1]f64, x2: [k]i64, w: f64) =
  vjp(fn)(x0, x1, x2, w)
entry fn_jvp(x0: f64, x1: [1]f64, x2: [k]i64, t0: f64, t1: [1]f64) =
  jvp(fn)(x0, x1, x2, t0, t1)
-- GEN-VJP-JVP: fn_v fn_vjp fn_jvp | []f64 [1]f64 [0]i64 | []f64 | []f64 [1]f64
-- GEN-INPUT: 1.0
-- GEN-INPUT: [0.0]
-- GEN-INPUT: empty([0]i64)
-- GEN-INPUT: 0.41793646588326117
-- GEN-INPUT: -0.8165985078800233
-- GEN-INPUT: [0.8637367296530676]
