-- Benchmark of nested differentiation (issue #21): the full Hessian of a small
-- function of n variables (n = 100 in run.py), forward over reverse (the prelude's
-- hessian, one jvp of the gradient per variable). The function, a soft pairwise
-- attraction plus a quartic confinement,
--   f(x) = sum_{i,j} exp(-(x_i - x_j)^2) / n + sum_i x_i^4 / 4,
-- has a dense Hessian and costs O(n^2).
def energy(x: [n]f64): f64 =
  sum(build([n], \i -> sum(build([n], \j -> exp(-((x[i] - x[j]) ** 2.0)))))) / f64(n)
  + 0.25 * sum(x * x * x * x)

entry objective(x: [n]f64): f64 = energy(x)

entry gradient(x: [n]f64) = grad(energy)(x)

entry hessian_of_energy(x: [n]f64) = hessian(energy, x)
