-- Benchmark: the dot product of two f64 vectors (10^7 elements in run.py) and
-- its gradient with respect to both vectors.
entry main(a: [n]f64, b: [n]f64): f64 = dot(a, b)

entry main_grad(a: [n]f64, b: [n]f64) = grad(dot)(a, b)
