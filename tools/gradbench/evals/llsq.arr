-- GradBench's `llsq` eval (evals/llsq/README.md, cmpad's llsq_obj): the linear least
-- squares objective
--   y(x) = 1/2 sum_i (s_i - x_0 - x_1 t_i - x_2 t_i^2 - ..)^2,
--   t_i = -1 + 2 i / (n - 1),  s_i = sign(t_i),
-- and its gradient with respect to x. n is not an array of the input: the entries take
-- `grid: [n]bool`, whose length is n (its contents are not read), since array sizes in Arr
-- come from the arguments' shapes.

-- The polynomial sum_j x_j t^j by Horner's rule, from the highest coefficient down.
def poly(x: [m]f64, t: f64): f64 = fold(\acc xj -> acc * t + xj, 0.0, reverse(x))

def llsq(x: [m]f64, n: i64): f64 =
  0.5 * sumOuter(build([n], \i ->
    let t = -1.0 + f64(i) * 2.0 / f64(n - 1)
    let r = sign(t) - poly(x, t)
    in r * r))

entry primal(x: [m]f64, grid: [n]bool): f64 = llsq(x, n)

entry gradient(x: [m]f64, grid: [n]bool): [m]f64 = grad(\v -> llsq(v, n))(x)
