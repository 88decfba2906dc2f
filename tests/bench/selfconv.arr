-- Benchmark: one element of a vector's self-convolution, the example of
-- section 7.1 of "Dual-Numbers Reverse AD for Functional Array Languages"
-- (t_sc = sumOuter (build1 n (\i. a[i] * a[n - 1 - i]))), n = 10^5 in run.py,
-- and its gradient.
def selfConv(a: [n]f64): f64 = sumOuter(build([n], \i -> a[i] * a[n - 1 - i]))

entry main(a: [n]f64): f64 = selfConv(a)

entry main_grad(a: [n]f64) = grad(selfConv)(a)
