-- max and min, elementwise: array-array (both operands differentiated), with a
-- scalar operand replicated over an array, and with a literal (relu-like). The
-- derivative goes to the selected operand; random data avoids ties.
def both(a: [n]f64, b: [n]f64): f64 = sum(max(a, b) * 2.0 + min(a, b) * 3.0)
entry loss(a: [n]f64, b: [n]f64): f64 = both(a, b)
entry dloss(a: [n]f64, b: [n]f64) = grad(both)(a, b)

def withScalar(a: [n]f64, s: f64): f64 = sum(max(a, s) * a) + sum(min(s, a))
entry lossScalar(a: [n]f64, s: f64): f64 = withScalar(a, s)
entry dlossScalar(a: [n]f64, s: f64) = grad(withScalar)(a, s)

def literal(a: [n]f64): f64 = sum(max(a, 0.0) * max(a, 0.0)) - sum(min(a, 0.25))
entry lossLiteral(a: [n]f64): f64 = literal(a)
entry dlossLiteral(a: [n]f64) = grad(literal)(a)

def scalars(x: f64, y: f64): f64 = max(x, y) * min(x * x, y)
entry lossScalars(x: f64, y: f64): f64 = scalars(x, y)
entry dlossScalars(x: f64, y: f64) = grad(scalars)(x, y)

entry primal(a: [n]f64, b: [n]f64): [n]f64 = max(a, b) - min(a * b, b)
entry vjpPrimal(a: [n]f64, b: [n]f64, w: [n]f64) = vjp(\x y -> max(x, y) - min(x * y, y))(a, b, w)
entry jvpPrimal(a: [n]f64, b: [n]f64, ta: [n]f64, tb: [n]f64) = jvp(\x y -> max(x, y) - min(x * y, y))(a, b, ta, tb)

-- CHECK-GRAD: loss dloss [5] [5]
-- CHECK-GRAD: lossScalar dlossScalar [5] []
-- CHECK-GRAD: lossLiteral dlossLiteral [6]
-- CHECK-GRAD: lossScalars dlossScalars [] []
-- SEED: 1
-- CHECK-GRAD: lossScalars dlossScalars [] []
-- SEED: 2
-- CHECK-GRAD: lossScalars dlossScalars [] []
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [4] [4]
