-- The hoist pass took a gather's replicated source for the same value along an index
-- axis longer than the source's (where the gather reads zeros): the derivative
-- counted the out-of-range rows.
-- Found by tests/gen/gen.py --seed 7 (program 21), shrunk; failed with vjp-jvp:fd:
-- J v disagrees with finite differences along v:
def loss2(h0: f64): f64 =
  (h0 * maximum(gather([3], (h0 / (build([2], \i24 -> h0) * build([2], \i24 -> h0))), \i23 -> [i23])))
def gl(h0: f64): f64 =
  grad(\z -> loss2(z))(h0)
entry gl_v(h0: f64): f64 =
  gl(h0)
entry gl_vjp(h0: f64, w: f64) =
  vjp(gl)(h0, w)
entry gl_jvp(h0: f64, t0: f64) =
  jvp(gl)(h0, t0)
-- GEN-VJP-JVP: gl_v gl_vjp gl_jvp | []f64 | []f64 | []f64
-- GEN-INPUT: -0.9030072584903663
-- GEN-INPUT: 0.7100931498532397
-- GEN-INPUT: 0.280005121071057
