-- From tests/gen/gen.py --seed 1 (program 27): with --bot-all, lifting a custom node over a
-- build lifted its rule, whose vjp is not code yet ("BOT: cannot vectorise jvp"), in a
-- primal entry (whose rules are never used) and in a Diff's function that holds it (which
-- a later round transforms). Natively, the rule inlined by the derivative read one gather's
-- index variable under the others ("unbound variable lane"): the copy renamed each binder
-- of a variable that the BOT's gathers share apart.
def h(a0: f64, a1: [2]f64): f64 = a0 * a1[0] + sin(a1[1])
def fn(x0: [m]f64): [m]f64 =
  build([m], \i -> customJvp(customVjp(h, \r0 r1 y ct -> vjp(h)(r0, r1, ct)),
                             \r0 r1 y t0 t1 -> (jvp(h)(r0, r1, t0, t1)).1)(x0[i], [x0[i], 2.0 * x0[i]]))
entry main0(x0: [m]f64): [m]f64 = fn(x0)
entry fn_v(x0: [m]f64): [m]f64 = fn(x0)
entry fn_vjp(x0: [m]f64, w: [m]f64) = vjp(fn)(x0, w)
entry fn_jvp(x0: [m]f64, t0: [m]f64) = jvp(fn)(x0, t0)
-- GEN-RUN: main0
-- GEN-INPUT: [0.5, -1.25, 2.0]
-- GEN-VJP-JVP: fn_v fn_vjp fn_jvp | [3]f64 | [3]f64 | [3]f64
-- GEN-INPUT: [0.5, -1.25, 2.0]
-- GEN-INPUT: [1.0, 0.5, -0.25]
-- GEN-INPUT: [0.75, 0.125, 1.5]
