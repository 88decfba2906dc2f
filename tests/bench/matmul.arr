-- Benchmark: the product of two f64 matrices (512 x 512 in run.py), through the
-- prelude's matmul (a build of sums, which the compiler must turn into good loops).
entry main(a: [n, k]f64, b: [k, m]f64): [n, m]f64 = matmul(a, b)
