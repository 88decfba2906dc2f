-- GradBench's `gmm` eval (evals/gmm/README.md): the log posterior of a Gaussian
-- mixture model with a Wishart prior on the precision matrices, and its gradient with
-- respect to (alpha, mu, q, l). Written from the README's "Implementation" section:
--
--   F = -N (D/2 log 2pi + logsumexp(alpha)) + sum_i logsumexp_k(beta_ik)
--       + K (nw D log(gamma / sqrt 2) - log Gamma_D(nw / 2))
--       - gamma^2 / 2 sum_k |Q_k|_F^2 + m sum_k sum_j q_kj,          nw = D + m + 1
--   beta_ik = alpha_k - 1/2 |Q_k (x_i - mu_k)|^2 + sum_j q_kj
--
-- Q_k is lower triangular: exp(q_k) on the diagonal, l_k below it, column by column.

def pi = 3.141592653589793

-- Index in l_k of the entry (r, c), c < r, of Q_k: columns are stored one after the
-- other, column c holding rows c+1 .. d-1, so the columns before c hold
-- (d-1) + (d-2) + .. + (d-c) entries.
def ltIndex(d: i64, r: i64, c: i64): i64 = c * (d - 1) - (c * (c - 1)) / 2 + (r - c - 1)

-- Q v for Q = diag(exp(q)) + L, L strictly lower triangular given by l.
def qTimes(expq: [d]f64, l: [ld]f64, v: [d]f64): [d]f64 =
  build([d], \r ->
    expq[r] * v[r]
    + sumOuter(build([d], \c -> if c < r then l[ltIndex(d, r, c)] * v[c] else 0.0)))

def logsumexp(v: [k]f64): f64 =
  let a = noGrad(maxOuter(v))  -- the shift cancels: no derivative through it
  in a + log(sumOuter(exp(v - a)))

-- log Gamma_D(a), the multivariate gamma function.
def logMultiGamma(a: f64, d: i64): f64 =
  0.25 * f64(d) * f64(d - 1) * log(pi)
  + sumOuter(build([d], \j -> lgamma(a - 0.5 * f64(j))))

def logPosterior(alpha: [k]f64, mu: [k,d]f64, q: [k,d]f64, l: [k,ld]f64,
                 x: [n,d]f64, gamma: f64, m: i64): f64 =
  let sumQ = build([k], \j -> sumOuter(q[j]))
  let expQ = exp(q)
  let likelihood = sumOuter(build([n], \i ->
    logsumexp(build([k], \j ->
      let qx = qTimes(expQ[j], l[j], x[i] - mu[j])
      in alpha[j] + sumQ[j] - 0.5 * sumOuter(qx * qx)))))
    - f64(n) * (0.5 * f64(d) * log(2.0 * pi) + logsumexp(alpha))
  let nw = d + m + 1
  let frobenius = sumOuter(build([k], \j -> sumOuter(expQ[j] * expQ[j]) + sumOuter(l[j] * l[j])))
  let prior = f64(k) * (f64(nw * d) * log(gamma / sqrt(2.0)) - logMultiGamma(0.5 * f64(nw), d))
    - 0.5 * gamma * gamma * frobenius + f64(m) * sumOuter(sumQ)
  in likelihood + prior

entry objective(alpha: [k]f64, mu: [k,d]f64, q: [k,d]f64, l: [k,ld]f64,
                x: [n,d]f64, gamma: f64, m: i64): f64 =
  logPosterior(alpha, mu, q, l, x, gamma, m)

entry jacobian(alpha: [k]f64, mu: [k,d]f64, q: [k,d]f64, l: [k,ld]f64,
               x: [n,d]f64, gamma: f64, m: i64) =
  grad(\a u v w -> logPosterior(a, u, v, w, x, gamma, m))(alpha, mu, q, l)
