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

-- Longer than eight elements: a literal of constants is data and one of computed
-- elements is stored element by element; derivatives flow through both, also at
-- computed positions.
def long(x: f64, y: f64, k: i64): f64 =
  let w = [0.5, -1.0, 1.5, 2.0, -2.5, 3.0, 0.25, -0.75, 1.25, 4.0]
  let v = [x, y, x * y, sin(x), x * x, 1.0, y * y * y, exp(y), 2.0, x - y]
  in sum(v * w) + v[k] * v[(k + 3) % 10] + w[k] * sum(v * v)
entry lossLong(x: f64, y: f64, k: i64): f64 = long(x, y, k)
entry dlossLong(x: f64, y: f64, k: i64) = grad(long)(x, y, k)
entry primalLong(x: f64, y: f64): [10]f64 = [x, y, x * y, sin(x), x * x, 1.0, y * y * y, exp(y), 2.0, x - y]
entry vjpLong(x: f64, y: f64, w: [10]f64) =
  vjp(\p q -> [p, q, p * q, sin(p), p * p, 1.0, q * q * q, exp(q), 2.0, p - q])(x, y, w)
entry jvpLong(x: f64, y: f64, tx: f64, ty: f64) =
  jvp(\p q -> [p, q, p * q, sin(p), p * p, 1.0, q * q * q, exp(q), 2.0, p - q])(x, y, tx, ty)

-- CHECK-GRAD: loss dloss [] []
-- CHECK-GRAD: lossLong dlossLong [] [] []i64@0:9
-- CHECK-VJP-JVP: primalLong vjpLong jvpLong [] []
-- CHECK-GRAD: lossRows dlossRows [3] [3]
-- CHECK-GRAD: lossDet dlossDet [3]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [] []
