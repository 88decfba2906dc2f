-- Float remainder x % y = x - y * floor(x / y): derivative 1 in x and
-- -floor(x / y) in y, almost everywhere. Both operands differentiated, with
-- negative operands, and with a scalar divisor.
-- RANGE: -3.0 3.0
def both(a: [n]f64, b: [n]f64): f64 = sum((a % b) * (a % b))
entry loss(a: [n]f64, b: [n]f64): f64 = both(a, b)
entry dloss(a: [n]f64, b: [n]f64) = grad(both)(a, b)

def byScalar(a: [n]f64, s: f64): f64 = sum(a % s) + sum(a % 0.7)
entry lossScalar(a: [n]f64, s: f64): f64 = byScalar(a, s)
entry dlossScalar(a: [n]f64, s: f64) = grad(byScalar)(a, s)

def scalars(x: f64, y: f64): f64 = x % y
entry lossScalars(x: f64, y: f64): f64 = scalars(x, y)
entry dlossScalars(x: f64, y: f64) = grad(scalars)(x, y)

-- CHECK-GRAD: loss dloss [5] [5]
-- CHECK-GRAD: lossScalar dlossScalar [5] []
-- CHECK-GRAD: lossScalars dlossScalars [] []
-- SEED: 7
-- CHECK-GRAD: lossScalars dlossScalars [] []
