-- Benchmark (issue #37): a matrix product written as a fold of rank-1 updates, then a
-- sum of squares, and its gradient. The step is linear in the state, so the reverse
-- sweep never reads the states: the gradient keeps none of them.
def product(a: [n, k]f64, b: [k, m]f64): [n, m]f64 =
  fold(\acc p -> build([n, m], \i j -> acc[i, j] + a[i, p] * b[p, j]),
       build([n, m], \i j -> 0.0), iota(k))

def loss(a: [n, k]f64, b: [k, m]f64): f64 = sum(sum(product(a, b) ** 2.0))

entry main(a: [n, k]f64, b: [k, m]f64): f64 = loss(a, b)

entry main_grad(a: [n, k]f64, b: [k, m]f64) = grad(loss)(a, b)
