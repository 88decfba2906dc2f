-- Benchmark of nested differentiation (issue #21): the extended Rosenbrock function
-- of n variables (10^6 in run.py), its gradient, and its Hessian-vector product by
-- forward over reverse (the prelude's hvp: jvp of grad) and by reverse over forward
-- (grad of the directional derivative, a jvp).
def rosenbrock(x: [n]f64): f64 =
  sum(build([n - 1], \i -> 100.0 * (x[i + 1] - x[i] * x[i]) ** 2.0 + (1.0 - x[i]) ** 2.0))

entry objective(x: [n]f64): f64 = rosenbrock(x)

entry gradient(x: [n]f64) = grad(rosenbrock)(x)

entry hvp_fwd_rev(x: [n]f64, v: [n]f64) = hvp(rosenbrock, x, v)

entry hvp_rev_fwd(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(rosenbrock)(y, v)).1)(x)
