-- maxOuter: the derivative goes to the (first) maximal element; random data
-- avoids ties. Vectors, matrices (column maxima), and maxOuter feeding further
-- arithmetic. A tie is checked exactly: only the first maximum gets the gradient.
def vec(a: [n]f64): f64 = maxOuter(a) * 3.0 + maxOuter(a * a)
entry loss(a: [n]f64): f64 = vec(a)
entry dloss(a: [n]f64) = grad(vec)(a)

def mat(m: [r, c]f64): f64 =
  let s = maxOuter(m)
  in sumOuter(s * s * build([c], \j -> f64(j + 1)))
entry lossMat(m: [r, c]f64): f64 = mat(m)
entry dlossMat(m: [r, c]f64) = grad(mat)(m)

def negated(a: [n]f64): f64 = -maxOuter(-exp(a))
entry lossNeg(a: [n]f64): f64 = negated(a)
entry dlossNeg(a: [n]f64) = grad(negated)(a)

def rank3(t: [p, p, s]f64): f64 = sumOuter(sumOuter(maxOuter(t) * maxOuter(tr([1, 0], t))))
entry loss3(t: [p, p, s]f64): f64 = rank3(t)
entry dloss3(t: [p, p, s]f64) = grad(rank3)(t)

entry primal(m: [r, c]f64): [c]f64 = maxOuter(m)
entry vjpPrimal(m: [r, c]f64, w: [c]f64) = vjp(\x -> maxOuter(x))(m, w)
entry jvpPrimal(m: [r, c]f64, v: [r, c]f64) = jvp(\x -> maxOuter(x))(m, v)

-- CHECK-GRAD: loss dloss [6]
-- CHECK-GRAD: lossMat dlossMat [3,3]
-- CHECK-GRAD: lossNeg dlossNeg [5]
-- CHECK-GRAD: loss3 dloss3 [3,3,1]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [3,2]
-- CHECK-OUTPUT: dloss
-- INPUT: [1.0, 2.0, 0.5, 2.0]
-- EXPECT: [0.0, 7.0, 0.0, 0.0]
