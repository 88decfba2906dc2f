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
