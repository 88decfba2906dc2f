-- + - * / and unary minus: array-array, scalar-array replication on either
-- side, and scalars only.
def ops(a: [n]f64, b: [n]f64, s: f64): f64 =
  sum(a * b + s * a - b * s - (a - b) + -a * s + (s - a) * (b + s))
entry loss(a: [n]f64, b: [n]f64, s: f64): f64 = ops(a, b, s)
entry dloss(a: [n]f64, b: [n]f64, s: f64) = grad(ops)(a, b, s)

def neg(a: [n]f64): f64 = sum(-a) * -sum(-(-a * a))
entry lossNeg(a: [n]f64): f64 = neg(a)
entry dlossNeg(a: [n]f64) = grad(neg)(a)

def scalars(x: f64, y: f64, z: f64): f64 = x * y * z - x / (y * y + 1.0) + -z
entry lossScalars(x: f64, y: f64, z: f64): f64 = scalars(x, y, z)
entry dlossScalars(x: f64, y: f64, z: f64) = grad(scalars)(x, y, z)

-- CHECK-GRAD: loss dloss [4] [4] []
-- CHECK-GRAD: lossNeg dlossNeg [5]
-- CHECK-GRAD: lossScalars dlossScalars [] [] []

-- vjp and jvp of the same functions, and of an array-valued combination of all
-- the operators (a full Jacobian, with scalar-array replication in both modes).
def opsArray(a: [n]f64, b: [n]f64, s: f64): [n]f64 = a * b / (b * b + 1.0) - s * a + (s - a) * -b + a / s
entry primalArray(a: [n]f64, b: [n]f64, s: f64): [n]f64 = opsArray(a, b, s)
entry vjpArray(a: [n]f64, b: [n]f64, s: f64, w: [n]f64) = vjp(opsArray)(a, b, s, w)
entry jvpArray(a: [n]f64, b: [n]f64, s: f64, ta: [n]f64, tb: [n]f64, ts: f64) = jvp(opsArray)(a, b, s, ta, tb, ts)
entry vjpOps(a: [n]f64, b: [n]f64, s: f64, w: f64) = vjp(ops)(a, b, s, w)
entry jvpOps(a: [n]f64, b: [n]f64, s: f64, ta: [n]f64, tb: [n]f64, ts: f64) = jvp(ops)(a, b, s, ta, tb, ts)
entry vjpNeg(a: [n]f64, w: f64) = vjp(neg)(a, w)
entry jvpNeg(a: [n]f64, t: [n]f64) = jvp(neg)(a, t)
entry vjpScalars(x: f64, y: f64, z: f64, w: f64) = vjp(scalars)(x, y, z, w)
entry jvpScalars(x: f64, y: f64, z: f64, tx: f64, ty: f64, tz: f64) = jvp(scalars)(x, y, z, tx, ty, tz)

-- CHECK-VJP-JVP: primalArray vjpArray jvpArray [4] [4] []@0.5:2
-- CHECK-VJP-JVP: loss vjpOps jvpOps [4] [4] []
-- CHECK-VJP-JVP: lossNeg vjpNeg jvpNeg [5]
-- CHECK-VJP-JVP: lossScalars vjpScalars jvpScalars [] [] []
