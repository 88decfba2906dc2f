-- replicate: the adjoint sums over the new outer dimension. Scalars and
-- vectors replicated, replicate with a size variable, nested replicates.
def vec(a: [n]f64): f64 =
  let r = replicate(3, a)
  in sum(sum(r * build([3, n], \i j -> f64(i + 2 * j) - 1.5)))
entry loss(a: [n]f64): f64 = vec(a)
entry dloss(a: [n]f64) = grad(vec)(a)

def scalar(x: f64, a: [n]f64): f64 = sum(replicate(n, x * x) * a)
entry lossScalar(x: f64, a: [n]f64): f64 = scalar(x, a)
entry dlossScalar(x: f64, a: [n]f64) = grad(scalar)(x, a)

def nested(a: [n]f64): f64 =
  let r = replicate(2, replicate(n, a))
  in sum(sum(sum(sin(r) * r)))
entry lossNested(a: [n]f64): f64 = nested(a)
entry dlossNested(a: [n]f64) = grad(nested)(a)

entry primal(a: [n]f64): [2, n]f64 = replicate(2, a * a)
entry vjpPrimal(a: [n]f64, w: [2, n]f64) = vjp(\x -> replicate(2, x * x))(a, w)
entry jvpPrimal(a: [n]f64, v: [n]f64) = jvp(\x -> replicate(2, x * x))(a, v)

-- CHECK-GRAD: loss dloss [4]
-- CHECK-GRAD: lossScalar dlossScalar [] [4]
-- CHECK-GRAD: lossNested dlossNested [3]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [3]
