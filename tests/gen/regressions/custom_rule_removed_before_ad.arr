-- Found by tests/gen/gen.py --seed 1 (program 27), shrunk; fails with vjp-jvp:interp-error:
-- arrc --interpret --entry fn_v failed (exit 1): arrc: internal compiler error: AD: cannot differentiate build1 1 (\i25_5 -> build1 m (\s0_6 -> 0.0)) in
def helper29(a0: f64, a1: [2]f64): f64 =
  0.0
def helper36(a0: [p0]f64, a1: f64): [p0]f64 =
  a0
def fn(x0: [1, m]f64): f64 =
  sumOuter(sumOuter(build([1], \i25 -> helper36(build([m], \s0 -> 0.0), customJvp(customVjp(helper29, \r30 r31 y32 ct33 -> vjp(helper29)(r30, r31, ct33)), \r30 r31 y32 t34 t35 -> (jvp(helper29)(r30, r31, t34, t35)).1)(0.0, build([2], \s0 -> 0.0))))))
entry fn_v(x0: [1, m]f64): f64 =
  0.0
entry fn_vjp(x0: [1, m]f64, w: f64) =
  vjp(fn)(x0, w)
entry fn_jvp(x0: [1, m]f64, t0: [1, m]f64) =
  jvp(fn)(x0, t0)
-- GEN-VJP-JVP: fn_v fn_vjp fn_jvp | [1,0]f64 | []f64 | [1,0]f64
-- GEN-INPUT: empty([1,0]f64)
-- GEN-INPUT: 0.15633658523558092
-- GEN-INPUT: empty([1,0]f64)
