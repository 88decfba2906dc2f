-- Array literals built from differentiated scalars and sub-arrays: each element's
-- cotangent flows back to the expression it came from.
def scalars(x: f64, y: f64): f64 =
  let v = [x, y * y, x * y, 2.0]
  in sum(v * [1.0, -2.0, 3.0, 4.0]) + sum(v * v)
entry loss(x: f64, y: f64): f64 = scalars(x, y)
entry dloss(x: f64, y: f64) = grad(scalars)(x, y)

def rows(a: [n]f64, b: [n]f64): f64 =
  let m = [a, b, a * b]
  in sum(sum(m * m * [[1.0], [2.0], [3.0]][0, 0])) + sum(m[2]) + sum(sumOuter(m) * a)
entry lossRows(a: [n]f64, b: [n]f64): f64 = rows(a, b)
entry dlossRows(a: [n]f64, b: [n]f64) = grad(rows)(a, b)

def fromElements(a: [3]f64): f64 =
  let m = [[a[0], a[1]], [a[2], a[0] * a[1]]]
  in m[0, 0] * m[1, 1] - m[0, 1] * m[1, 0]
entry lossDet(a: [3]f64): f64 = fromElements(a)
entry dlossDet(a: [3]f64) = grad(fromElements)(a)

entry primal(x: f64, y: f64): [3]f64 = [x * y, x, sin(y)]
entry vjpPrimal(x: f64, y: f64, w: [3]f64) = vjp(\p q -> [p * q, p, sin(q)])(x, y, w)
entry jvpPrimal(x: f64, y: f64, tx: f64, ty: f64) = jvp(\p q -> [p * q, p, sin(q)])(x, y, tx, ty)

-- CHECK-GRAD: loss dloss [] []
-- CHECK-GRAD: lossRows dlossRows [3] [3]
-- CHECK-GRAD: lossDet dlossDet [3]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [] []
