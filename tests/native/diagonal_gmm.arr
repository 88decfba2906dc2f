-- A diagonal Gaussian mixture's log-likelihood in a [k, n] layout (components first) and
-- its gradient with respect to the means, log-scales and weights (issue #37): the
-- gradient's [k, n, d] cotangent is summed over n alone (the means) and times x - mu
-- (the scales), both accumulated where it is computed (tests/native/lean_derivatives_test.py).
def loglik(x: [n, d]f64, mu: [k, d]f64, logs: [k, d]f64, w: [k]f64): f64 =
  let ll = build([k, n], \c i ->
    w[c] - sum(logs[c]) - 0.5 * sum(build([d], \j -> ((x[i, j] - mu[c, j]) * exp(-logs[c, j])) ** 2.0)))
  in sum(build([n], \i -> logSumExp(build([k], \c -> ll[c, i]))))

entry main(x: [n, d]f64, mu: [k, d]f64, logs: [k, d]f64, w: [k]f64): f64 = loglik(x, mu, logs, w)

entry main_grad(x: [n, d]f64, mu: [k, d]f64, logs: [k, d]f64, w: [k]f64) =
  grad(\m s v -> loglik(x, m, s, v))(mu, logs, w)
