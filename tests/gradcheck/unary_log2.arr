-- Gradient of the elementwise built-in `log2` alone: on a scalar, summed over a
-- vector, and weighted by a second differentiated vector (so the cotangent
-- reaching log2 is not one), and inside a two-dimensional build.
-- RANGE: 0.1 2.0
def scalar(x: f64): f64 = log2(x)
entry lossScalar(x: f64): f64 = scalar(x)
entry dlossScalar(x: f64) = grad(scalar)(x)

def summed(a: [n]f64): f64 = sum(log2(a))
entry loss(a: [n]f64): f64 = summed(a)
entry dloss(a: [n]f64) = grad(summed)(a)

def weighted(a: [n]f64, w: [n]f64): f64 = sum(build([n], \i -> log2(a[i]) * w[i]))
entry lossWeighted(a: [n]f64, w: [n]f64): f64 = weighted(a, w)
entry dlossWeighted(a: [n]f64, w: [n]f64) = grad(weighted)(a, w)

def grid(m: [r, c]f64): f64 = sum(sum(build([r, c], \i j -> log2(m[i, j]) * f64(i + 2 * j + 1))))
entry lossGrid(m: [r, c]f64): f64 = grid(m)
entry dlossGrid(m: [r, c]f64) = grad(grid)(m)

entry primal(a: [n]f64): [n]f64 = log2(a)
entry vjpPrimal(a: [n]f64, w: [n]f64) = vjp(\x -> log2(x))(a, w)
entry jvpPrimal(a: [n]f64, v: [n]f64) = jvp(\x -> log2(x))(a, v)

-- CHECK-GRAD: lossScalar dlossScalar []
-- CHECK-GRAD: loss dloss [5]
-- CHECK-GRAD: lossWeighted dlossWeighted [4] [4]
-- CHECK-GRAD: lossGrid dlossGrid [2,3]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [4]
