-- reshape is row-major: its adjoint reshapes the cotangent back. Flattening,
-- unflattening, and reshaping between two rank-2 shapes.
def flat(m: [r, c]f64): f64 =
  let v = reshape([r * c], m)
  in sum(v * build([r * c], \i -> f64(i) - 2.5))
entry loss(m: [r, c]f64): f64 = flat(m)
entry dloss(m: [r, c]f64) = grad(flat)(m)

def unflat(a: [6]f64): f64 =
  let m = reshape([2, 3], a)
  in sum(sum(m * m * [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
entry lossUnflat(a: [6]f64): f64 = unflat(a)
entry dlossUnflat(a: [6]f64) = grad(unflat)(a)

def between(m: [2, 6]f64): f64 =
  let t = reshape([3, 4], m)
  in sum(sum(tr([1, 0], t) * build([4, 3], \i j -> f64(i * 3 + j)))) + sum(maxOuter(t))
entry lossBetween(m: [2, 6]f64): f64 = between(m)
entry dlossBetween(m: [2, 6]f64) = grad(between)(m)

entry primal(a: [6]f64): [3, 2]f64 = reshape([3, 2], sin(a))
entry vjpPrimal(a: [6]f64, w: [3, 2]f64) = vjp(\x -> reshape([3, 2], sin(x)))(a, w)
entry jvpPrimal(a: [6]f64, v: [6]f64) = jvp(\x -> reshape([3, 2], sin(x)))(a, v)

-- CHECK-GRAD: loss dloss [3,2]
-- CHECK-GRAD: lossUnflat dlossUnflat [6]
-- CHECK-GRAD: lossBetween dlossBetween [2,6]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [6]
