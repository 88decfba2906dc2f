-- Prelude linear algebra: matvec, matmul, outer, transpose, with all operands
-- differentiated.
def mv(m: [r, c]f64, x: [c]f64): f64 = sum(matvec(m, x) * matvec(m, x * x))
entry loss(m: [r, c]f64, x: [c]f64): f64 = mv(m, x)
entry dloss(m: [r, c]f64, x: [c]f64) = grad(mv)(m, x)

def mm(a: [n, k]f64, b: [k, m]f64): f64 =
  let c = matmul(a, b)
  in sum(sum(c * c)) + sum(sum(matmul(transpose(b), transpose(a)) * transpose(c)))
entry lossMm(a: [n, k]f64, b: [k, m]f64): f64 = mm(a, b)
entry dlossMm(a: [n, k]f64, b: [k, m]f64) = grad(mm)(a, b)

def out(a: [n]f64, b: [m]f64): f64 = sum(sum(exp(outer(a, b)))) + sum(matvec(outer(a, b), b))
entry lossOuter(a: [n]f64, b: [m]f64): f64 = out(a, b)
entry dlossOuter(a: [n]f64, b: [m]f64) = grad(out)(a, b)

def quad(m: [n, n]f64, x: [n]f64): f64 = dot(x, matvec(matmul(m, transpose(m)), x))
entry lossQuad(m: [n, n]f64, x: [n]f64): f64 = quad(m, x)
entry dlossQuad(m: [n, n]f64, x: [n]f64) = grad(quad)(m, x)

entry primal(a: [n, k]f64, b: [k, m]f64): [n, m]f64 = matmul(a, b)
entry vjpPrimal(a: [n, k]f64, b: [k, m]f64, w: [n, m]f64) = vjp(matmul)(a, b, w)
entry jvpPrimal(a: [n, k]f64, b: [k, m]f64, ta: [n, k]f64, tb: [k, m]f64) = jvp(matmul)(a, b, ta, tb)

-- CHECK-GRAD: loss dloss [2,3] [3]
-- CHECK-GRAD: lossMm dlossMm [2,3] [3,2]
-- CHECK-GRAD: lossOuter dlossOuter [3] [2]
-- CHECK-GRAD: lossQuad dlossQuad [2,2] [2]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [2,3] [3,2]
