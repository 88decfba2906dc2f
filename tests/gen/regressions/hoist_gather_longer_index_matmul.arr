-- The hoist pass took a gather's replicated source for the same value along an index
-- axis longer than the source's (where the gather reads zeros): the derivative
-- counted the out-of-range rows.
-- Found by tests/gen/gen.py --seed 7 (program 26), shrunk; failed with vjp-jvp:fd:
-- J v disagrees with finite differences along v:
def fn(x0: [n, m]f64, x1: f64, x2: [n, m]f64): f64 =
  sumOuter(sumOuter(matmul(gather([n], map(\y10 -> build([1], \i11 -> x1), build([1, 1], \s0 s1 -> false)), \i9 -> [i9]), build([1], \i12 -> sumOuter(x0)))))
entry fn_v(x0: [n, m]f64, x1: f64, x2: [n, m]f64): f64 =
  sumOuter(sumOuter(matmul(gather([n], map(\y10 -> build([1], \i11 -> x1), build([1, 1], \s0 s1 -> false)), \i9 -> [i9]), build([1], \i12 -> sumOuter(x0)))))
entry fn_vjp(x0: [n, m]f64, x1: f64, x2: [n, m]f64, w: f64) =
  vjp(fn)(x0, x1, x2, w)
entry fn_jvp(x0: [n, m]f64, x1: f64, x2: [n, m]f64, t0: [n, m]f64, t1: f64, t2: [n, m]f64) =
  jvp(fn)(x0, x1, x2, t0, t1, t2)
-- GEN-VJP-JVP: fn_v fn_vjp fn_jvp | [2,1]f64 []f64 [2,1]f64 | []f64 | [2,1]f64 []f64 [2,1]f64
-- GEN-INPUT: [[-0.27482900977295976], [0.1507166748416333]]
-- GEN-INPUT: -0.7741191834354588
-- GEN-INPUT: [[0.9718982609430595], [0.43196323137421766]]
-- GEN-INPUT: -0.880874061838862
-- GEN-INPUT: [[-0.25046155822845595], [0.13111996824565653]]
-- GEN-INPUT: -0.9200241064615173
-- GEN-INPUT: [[0.8332613357969696], [0.027442149781949476]]
