-- Benchmark: a loss whose gradient needs both products of a matrix product,
-- sum((a b - c)^2) for f64 matrices (512 x 512 in run.py), through the prelude's
-- matmul (a build of sums, which the compiler must turn into good loops), and its
-- gradient with respect to a and b: 2 (a b - c) b^T and a^T 2 (a b - c).
def matmulLoss(a: [n, k]f64, b: [k, m]f64, c: [n, m]f64): f64 =
  sum(sum((matmul(a, b) - c) ** 2.0))

entry main(a: [n, k]f64, b: [k, m]f64, c: [n, m]f64): f64 = matmulLoss(a, b, c)

entry main_grad(a: [n, k]f64, b: [k, m]f64, c: [n, m]f64) =
  grad(\x y -> matmulLoss(x, y, c))(a, b)

-- The primal product itself.
entry product(a: [n, k]f64, b: [k, m]f64): [n, m]f64 = matmul(a, b)
