-- Benchmark: the sum of the product of two f64 matrices (512 x 512 in run.py),
-- through the prelude's matmul (a build of sums, which the compiler must turn
-- into good loops), and its gradient with respect to both matrices.
def matmulSum(a: [n, k]f64, b: [k, m]f64): f64 = sum(sum(matmul(a, b)))

entry main(a: [n, k]f64, b: [k, m]f64): f64 = matmulSum(a, b)

entry main_grad(a: [n, k]f64, b: [k, m]f64) = grad(matmulSum)(a, b)
