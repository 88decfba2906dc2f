-- The ADBench GMM objective (Srajer, Kukelova, Fitzgibbon, "A benchmark of
-- selected algorithmic differentiation tools", and ADBench's C++ reference
-- gmm_objective in src/cpp/shared/gmm.h), with its gradient.
--
-- Parameters (samples/gmm/convert.py writes them from an ADBench .txt file):
--   alphas [k]     mixture weights, through logsumexp
--   means  [k,d]   component means
--   qs     [k,d]   log of the diagonal of each inverse-covariance factor Q_k
--   ls     [k,l]   strictly lower triangle of each Q_k, l = d*(d-1)/2, in
--                  ADBench's column-major order: (1,0), (2,0), .., (d-1,0), (2,1), ..
--                  (ADBench's icf row is qs followed by ls.)
--   x      [n,d]   data points
--   gamma  f64     Wishart prior parameter gamma
--   m      i64     Wishart prior parameter m (degrees of freedom beyond d+1)
--   lgsum  f64     sum_{j=1..d} lgamma(0.5*(d+m+1) + 0.5*(1-j)): the lgamma part of
--                  the Wishart normalisation. Arr has no lgamma, so the converter
--                  computes this input (with Python's math.lgamma); everything
--                  else in the constant is computed here.
--
-- objective = -n*d*0.5*log(2 pi)
--           + sum_i logsumexp_k(alphas_k + sum(qs_k) - 0.5*|Q_k (x_i - means_k)|^2)
--           - n * logsumexp(alphas)
--           + sum_k (0.5*gamma^2*(|exp(qs_k)|^2 + |ls_k|^2) - m*sum(qs_k))
--           - k * C,
-- C = nw*d*(log(gamma) - 0.5*log(2)) - (0.25*d*(d-1)*log(pi) + lgsum), nw = d+m+1,
-- exactly as ADBench computes it (the prior term's sign included).

def pi = 3.141592653589793

-- Column-major index of the strictly-lower-triangular entry (r, c), c < r, of a
-- d x d matrix: the columns before c hold (d-1) + (d-2) + .. + (d-c) entries.
def ltIndex(d: i64, r: i64, c: i64): i64 = c * (d - 1) - (c * (c - 1)) / 2 + (r - c - 1)

-- Q v for Q = diag(exp(q)) + L, L strictly lower triangular given by ls.
def qTimes(q: [d]f64, ls: [l]f64, v: [d]f64): [d]f64 =
  build([d], \r ->
    exp(q[r]) * v[r]
    + sumOuter(build([d], \c -> if c < r then ls[ltIndex(d, r, c)] * v[c] else 0.0)))

def gmmObjective(alphas: [k]f64, means: [k,d]f64, qs: [k,d]f64, ls: [k,l]f64,
                 x: [n,d]f64, gamma: f64, m: i64, lgsum: f64): f64 =
  let sumQs = build([k], \j -> sumOuter(qs[j]))
  let slse = sumOuter(build([n], \i ->
    logSumExp(build([k], \j ->
      let qx = qTimes(qs[j], ls[j], x[i] - means[j])
      in alphas[j] + sumQs[j] - 0.5 * sumOuter(qx * qx)))))
  let fn = f64(n)
  let fd = f64(d)
  let fm = f64(m)
  let constant = -fn * fd * 0.5 * log(2.0 * pi)
  let nw = fd + fm + 1.0
  let c = nw * fd * (log(gamma) - 0.5 * log(2.0)) - (0.25 * fd * (fd - 1.0) * log(pi) + lgsum)
  let prior = sumOuter(build([k], \j ->
      0.5 * gamma * gamma * (sumOuter(exp(qs[j]) * exp(qs[j])) + sumOuter(ls[j] * ls[j]))
      - fm * sumQs[j]))
    - f64(k) * c
  in constant + slse - fn * logSumExp(alphas) + prior

entry objective(alphas: [k]f64, means: [k,d]f64, qs: [k,d]f64, ls: [k,l]f64,
                x: [n,d]f64, gamma: f64, m: i64, lgsum: f64): f64 =
  gmmObjective(alphas, means, qs, ls, x, gamma, m, lgsum)

-- Gradient with respect to (alphas, means, qs, ls).
entry objective_grad(alphas: [k]f64, means: [k,d]f64, qs: [k,d]f64, ls: [k,l]f64,
                     x: [n,d]f64, gamma: f64, m: i64, lgsum: f64) =
  grad(\a mu q lt -> gmmObjective(a, mu, q, lt, x, gamma, m, lgsum))(alphas, means, qs, ls)
