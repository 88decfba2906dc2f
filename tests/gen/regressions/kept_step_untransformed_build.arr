-- Found by tests/gen/gen.py (seed 23, scale 1.5, program 91), shrunk. A loop
-- differentiated inside another loop's step keeps its intermediate values, and the
-- forward pass differentiates its step where it meets the loop: that step had not been
-- through the BOT (a loop's step is transformed when its vjp is differentiated), so
-- "AD: cannot differentiate build1 n (\s0 -> 0.0f32)".
def fn(x0: [1, n]f32): f32 =
  maxOuter(maxOuter(fold(\st36 el37 -> scan(\st38 el39 -> build([n], \s0 -> f32(0.0)), sumOuter(st36), build([1, n], \s0 s1 -> 0.0)), x0, build([n], \s0 -> 0))))
entry fn_v(x0: [1, n]f32): f32 = fn(x0)
entry fn_vjp(x0: [1, n]f32, w: f32) =
  vjp(fn)(x0, w)
entry fn_jvp(x0: [1, n]f32, t0: [1, n]f32) =
  jvp(fn)(x0, t0)
-- GEN-VJP-JVP: fn_v fn_vjp fn_jvp | [1,2]f32 | []f32 | [1,2]f32
-- GEN-INPUT: [[0.5, -0.25]]
-- GEN-INPUT: 0.2768701910972595
-- GEN-INPUT: [[0.125, 1.0]]
