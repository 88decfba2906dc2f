-- `sign` is piecewise constant: its derivative is zero almost everywhere, so
-- alone it contributes nothing, and as a factor it acts as a constant weight.
-- RANGE: -2.0 2.0
def alone(a: [n]f64): f64 = sum(sign(3.0 * a))
entry lossAlone(a: [n]f64): f64 = alone(a)
entry dlossAlone(a: [n]f64) = grad(alone)(a)

def scalar(x: f64): f64 = sign(x)
entry lossScalar(x: f64): f64 = scalar(x)
entry dlossScalar(x: f64) = grad(scalar)(x)

def factor(a: [n]f64, b: [n]f64): f64 = sum(sign(3.0 * a) * a * b + sign(b))
entry loss(a: [n]f64, b: [n]f64): f64 = factor(a, b)
entry dloss(a: [n]f64, b: [n]f64) = grad(factor)(a, b)

entry primal(a: [n]f64): [n]f64 = sign(a) * a
entry vjpPrimal(a: [n]f64, w: [n]f64) = vjp(\x -> sign(x) * x)(a, w)
entry jvpPrimal(a: [n]f64, v: [n]f64) = jvp(\x -> sign(x) * x)(a, v)

-- CHECK-GRAD: lossAlone dlossAlone [5]
-- CHECK-GRAD: lossScalar dlossScalar []
-- CHECK-GRAD: loss dloss [4] [4]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [5]
