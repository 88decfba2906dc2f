-- GradBench's `ode` eval (evals/ode/README.md, cmpad's an_ode): s steps of the classical
-- Runge-Kutta method from y(0) = 0 to t = 2 for the ODE
--   y_0' = x_0,   y_i' = x_i y_{i-1}  (i > 0)
-- (as the eval's reference computes it), and the gradient of the last component of
-- y(2) with respect to x. s is not an array of the input: the entries take
-- `steps: [s,0]bool`, an array with no elements whose shape gives s (array sizes in Arr
-- come from the arguments' shapes).

def field(x: [n]f64, y: [n]f64): [n]f64 =
  build([n], \i -> if i == 0 then x[0] else x[i] * y[i - 1])

def solve(x: [n]f64, steps: [s,0]bool): [n]f64 =
  let h = 2.0 / f64(s)
  in iterate(s, \_ y ->
       let k1 = field(x, y)
       let k2 = field(x, y + h * k1 / 2.0)
       let k3 = field(x, y + h * k2 / 2.0)
       let k4 = field(x, y + h * k3)
       in y + h * (k1 + 2.0 * k2 + 2.0 * k3 + k4) / 6.0,
     replicate(n, 0.0))

entry primal(x: [n]f64, steps: [s,0]bool): [n]f64 = solve(x, steps)

entry gradient(x: [n]f64, steps: [s,0]bool): [n]f64 = grad(\v -> solve(v, steps)[n - 1])(x)
