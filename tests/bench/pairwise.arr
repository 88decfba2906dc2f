-- Benchmark (issue #37): a function of every pair of rows, exp(-|x_i - x_j|^2), summed,
-- and its gradient. Reverse mode reads x[i] and x[j] once per pair: their cotangents
-- are sums over the other index, which the gradient accumulates where each pair's
-- term is computed, never as an [n, n, d] array.
def pairwise(x: [n, d]f64): f64 =
  sum(build([n], \i -> sum(build([n], \j -> exp(-sum((x[i] - x[j]) ** 2.0))))))

entry main(x: [n, d]f64): f64 = pairwise(x)

entry main_grad(x: [n, d]f64) = grad(pairwise)(x)
