-- The Bratu problem -u'' = lam * exp(u) on (0, 1), u(0) = u(1) = 0, by
-- central differences at n interior points: the residual of the discrete
-- equations, and its vjp, for jax_solve.py to solve them by Newton's method.

def residual_of(u: [n]f64, lam: f64): [n]f64 =
  let h = 1.0 / f64(n + 1)
  in build([n], \i ->
       let left = if i == 0 then 0.0 else u[i - 1]
       let right = if i == n - 1 then 0.0 else u[i + 1]
       in (2.0 * u[i] - left - right) / (h * h) - lam * exp(u[i]))

entry residual(u: [n]f64, lam: f64): [n]f64 = residual_of(u, lam)

entry residual_vjp(u: [n]f64, lam: f64, ct: [n]f64) = vjp(residual_of)(u, lam, ct)
