-- Division: numerator and denominator both differentiated, a scalar divided
-- by an array, an array divided by a scalar, and reciprocal chains.
-- RANGE: 0.3 2.0
def both(a: [n]f64, b: [n]f64): f64 = sum(a / b)
entry loss(a: [n]f64, b: [n]f64): f64 = both(a, b)
entry dloss(a: [n]f64, b: [n]f64) = grad(both)(a, b)

def mixed(a: [n]f64, s: f64): f64 = sum(s / a) + sum(a / s) + 1.0 / (1.0 / s + sum(a))
entry lossMixed(a: [n]f64, s: f64): f64 = mixed(a, s)
entry dlossMixed(a: [n]f64, s: f64) = grad(mixed)(a, s)

def ratio(x: f64, y: f64): f64 = (x - y) / (x + y) / y
entry lossRatio(x: f64, y: f64): f64 = ratio(x, y)
entry dlossRatio(x: f64, y: f64) = grad(ratio)(x, y)

entry primal(a: [n]f64, b: [n]f64): [n]f64 = a / b
entry vjpPrimal(a: [n]f64, b: [n]f64, w: [n]f64) = vjp(\x y -> x / y)(a, b, w)
entry jvpPrimal(a: [n]f64, b: [n]f64, ta: [n]f64, tb: [n]f64) = jvp(\x y -> x / y)(a, b, ta, tb)

-- CHECK-GRAD: loss dloss [5] [5]
-- CHECK-GRAD: lossMixed dlossMixed [4] []
-- CHECK-GRAD: lossRatio dlossRatio [] []
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [3] [3]
