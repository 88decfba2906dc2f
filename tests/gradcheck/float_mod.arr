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

-- vjp and jvp of the remainder as an array-valued function of both operands, and
-- of the losses above.
def modArray(a: [n]f64, b: [n]f64, s: f64): [n]f64 = a % b + (a * a) % s + 0.7 % b
entry primalMod(a: [n]f64, b: [n]f64, s: f64): [n]f64 = modArray(a, b, s)
entry vjpMod(a: [n]f64, b: [n]f64, s: f64, w: [n]f64) = vjp(modArray)(a, b, s, w)
entry jvpMod(a: [n]f64, b: [n]f64, s: f64, ta: [n]f64, tb: [n]f64, ts: f64) = jvp(modArray)(a, b, s, ta, tb, ts)
entry vjpBoth(a: [n]f64, b: [n]f64, w: f64) = vjp(both)(a, b, w)
entry jvpBoth(a: [n]f64, b: [n]f64, ta: [n]f64, tb: [n]f64) = jvp(both)(a, b, ta, tb)
entry vjpScalars(x: f64, y: f64, w: f64) = vjp(scalars)(x, y, w)
entry jvpScalars(x: f64, y: f64, tx: f64, ty: f64) = jvp(scalars)(x, y, tx, ty)

-- SEED: default
-- CHECK-VJP-JVP: primalMod vjpMod jvpMod [5] [5] []
-- CHECK-VJP-JVP: loss vjpBoth jvpBoth [5] [5]
-- CHECK-VJP-JVP: lossScalars vjpScalars jvpScalars [] []
