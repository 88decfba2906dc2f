-- Found by tests/gen/gen.py (seed 1, program 133 once nested derivatives were generated),
-- shrunk. The BOT normal-form check after round 2 (--verify-ir) looked at every Diff's
-- function, also the outer vjp, which still contains the vjp of a loop's step made by
-- round 1 and so is transformed only in round 3: "index not in normal form". The check
-- now looks at the functions the round differentiates, as the BOT and AD do.
def loss2(h0: [n]f64, o0: [n, k]i64): f64 =
  fold(\st25 el26 -> 0.0, maxOuter(h0), (build([1, 2], \s0 s1 -> 0.0) / (0.0 * (let v29 = build([k], \s0 -> 0.0) in v29[0]))))
def gl(h0: [n]f64, o0: [n, k]i64): [n]f64 =
  grad(\z -> loss2(z, o0))(h0)
entry gl_v(h0: [n]f64, o0: [n, k]i64): [n]f64 =
  gl(h0, o0)
entry gl_vjp(h0: [n]f64, o0: [n, k]i64, w: [n]f64) =
  vjp(gl)(h0, o0, w)
entry gl_jvp(h0: [n]f64, o0: [n, k]i64, t0: [n]f64) =
  jvp(gl)(h0, o0, t0)
-- GEN-VJP-JVP: gl_v gl_vjp gl_jvp | [0]f64 [0,0]i64 | [0]f64 | [0]f64
-- GEN-INPUT: empty([0]f64)
-- GEN-INPUT: empty([0,0]i64)
-- GEN-INPUT: empty([0]f64)
-- GEN-INPUT: empty([0]f64)
