-- Benchmark of nested differentiation (issue #21): one Newton step of L2-regularised
-- logistic regression with d weights over m samples (d = 20, m = 10^5 in run.py):
-- the gradient, the Hessian (the prelude's hessian: forward over reverse, one jvp of
-- the gradient per weight) and the step w - H^-1 g, the linear system solved by
-- Gauss-Jordan elimination in a loop over the pivots (H is positive definite, so no
-- pivoting is needed).
def lambda = 1e-3

-- mean_i log(1 + exp(-y_i x_i.w)) + lambda/2 |w|^2, labels y_i in {-1, 1}.
def loss(w: [d]f64, x: [m, d]f64, y: [m]f64): f64 =
  let margins = build([m], \i -> y[i] * sum(build([d], \j -> x[i, j] * w[j])))
  in sum(log1p(exp(-margins))) / f64(m) + 0.5 * lambda * sum(w * w)

def solve(a: [d, d]f64, b: [d]f64): [d]f64 =
  let augmented = build([d, d + 1], \i j -> if j < d then a[i, j] else b[i])
  let reduced = iterate(d, \k s -> build([d, d + 1], \i j ->
      if i == k then s[k, j] / s[k, k] else s[i, j] - s[i, k] / s[k, k] * s[k, j]), augmented)
  in build([d], \i -> reduced[i, d])

entry objective(w: [d]f64, x: [m, d]f64, y: [m]f64): f64 = loss(w, x, y)

entry gradient(w: [d]f64, x: [m, d]f64, y: [m]f64) = grad(\v -> loss(v, x, y))(w)

entry hessian_of_loss(w: [d]f64, x: [m, d]f64, y: [m]f64) = hessian(\v -> loss(v, x, y), w)

entry newton_step(w: [d]f64, x: [m, d]f64, y: [m]f64): [d]f64 =
  let g = grad(\v -> loss(v, x, y))(w)
  let h = hessian(\v -> loss(v, x, y), w)
  in w - solve(h, g)
