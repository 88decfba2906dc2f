-- A small Gaussian-mixture objective (GMM-like, diagonal covariances): for each
-- point, the log-sum-exp over components of log weight + Gaussian
-- log-likelihood; the loss is the negative total. Parameters: unnormalised log
-- weights alphas, means, log inverse standard deviations; the points are data
-- (captured in one check, differentiated in another).
def logLikelihood(alphas: [k]f64, means: [k, d]f64, logInvStd: [k, d]f64, x: [n, d]f64): f64 =
  let logWeights = alphas - logSumExp(alphas)
  let perPoint = build([n], \i ->
    logSumExp(build([k], \j ->
      let z = (x[i] - means[j]) * exp(logInvStd[j])
      in logWeights[j] + sum(logInvStd[j]) - 0.5 * sum(z * z) - 0.9189385332046727 * f64(d))))
  in sum(perPoint)

def objective(alphas: [k]f64, means: [k, d]f64, logInvStd: [k, d]f64, x: [n, d]f64): f64 =
  -logLikelihood(alphas, means, logInvStd, x)

entry loss(alphas: [k]f64, means: [k, d]f64, logInvStd: [k, d]f64, x: [n, d]f64): f64 =
  objective(alphas, means, logInvStd, x)

entry dlossParams(alphas: [k]f64, means: [k, d]f64, logInvStd: [k, d]f64, x: [n, d]f64) =
  grad(\a m q -> objective(a, m, q, x))(alphas, means, logInvStd)

entry dlossAll(alphas: [k]f64, means: [k, d]f64, logInvStd: [k, d]f64, x: [n, d]f64) =
  grad(objective)(alphas, means, logInvStd, x)

entry vgParams(alphas: [k]f64, means: [k, d]f64, logInvStd: [k, d]f64, x: [n, d]f64) =
  valueAndGrad(\a m q -> objective(a, m, q, x))(alphas, means, logInvStd)

-- Per-point log-likelihoods as a vector, for vjp/jvp.
def perPoint(means: [k, d]f64, x: [n, d]f64): [n]f64 =
  build([n], \i -> logSumExp(build([k], \j -> -0.5 * sum((x[i] - means[j]) ** 2.0))))
entry primal(means: [k, d]f64, x: [n, d]f64): [n]f64 = perPoint(means, x)
entry vjpPrimal(means: [k, d]f64, x: [n, d]f64, w: [n]f64) = vjp(perPoint)(means, x, w)
entry jvpPrimal(means: [k, d]f64, x: [n, d]f64, tm: [k, d]f64, tx: [n, d]f64) = jvp(perPoint)(means, x, tm, tx)

-- 3 components, 2 dimensions, 3 points.
-- CHECK-GRAD: loss dlossParams [3] [3,2] [3,2] ~[3,2]
-- CHECK-GRAD: loss dlossAll [2] [2,2] [2,2] [2,2]
-- CHECK-VG: loss vgParams [3] [3,2] [3,2] ~[3,2]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [3,2] [3,2]
