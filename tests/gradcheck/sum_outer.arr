-- sumOuter on vectors, matrices (sums the rows) and rank-3 arrays; its adjoint
-- replicates the cotangent.
def vec(a: [n]f64): f64 = sumOuter(a) * sumOuter(a * a)
entry loss(a: [n]f64): f64 = vec(a)
entry dloss(a: [n]f64) = grad(vec)(a)

def mat(m: [r, c]f64): f64 =
  let s = sumOuter(m)
  in sumOuter(s * s * build([c], \j -> f64(j + 1)))
entry lossMat(m: [r, c]f64): f64 = mat(m)
entry dlossMat(m: [r, c]f64) = grad(mat)(m)

def rank3(t: [p, q, s]f64): f64 =
  let u = sumOuter(t)
  let v = sumOuter(u)
  in sumOuter(exp(v)) + sumOuter(sumOuter(u * u))
entry loss3(t: [p, q, s]f64): f64 = rank3(t)
entry dloss3(t: [p, q, s]f64) = grad(rank3)(t)

entry primal(m: [r, c]f64): [c]f64 = sumOuter(m * m)
entry vjpPrimal(m: [r, c]f64, w: [c]f64) = vjp(\x -> sumOuter(x * x))(m, w)
entry jvpPrimal(m: [r, c]f64, v: [r, c]f64) = jvp(\x -> sumOuter(x * x))(m, v)

-- CHECK-GRAD: loss dloss [5]
-- CHECK-GRAD: lossMat dlossMat [3,3]
-- CHECK-GRAD: loss3 dloss3 [2,3,2]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [3,2]
