-- pow(a, b) with both operands differentiated (a > 0), a ** b as the same
-- operation, a float-literal exponent, and pow with a scalar exponent replicated.
-- RANGE: 0.2 2.0
def both(a: [n]f64, b: [n]f64): f64 = sum(pow(a, b))
entry loss(a: [n]f64, b: [n]f64): f64 = both(a, b)
entry dloss(a: [n]f64, b: [n]f64) = grad(both)(a, b)

def starstar(a: [n]f64, b: [n]f64): f64 = sum(a ** b * b)
entry lossStar(a: [n]f64, b: [n]f64): f64 = starstar(a, b)
entry dlossStar(a: [n]f64, b: [n]f64) = grad(starstar)(a, b)

def scalarExponent(a: [n]f64, e: f64): f64 = sum(pow(a, e)) + e ** 2.0
entry lossScalarExp(a: [n]f64, e: f64): f64 = scalarExponent(a, e)
entry dlossScalarExp(a: [n]f64, e: f64) = grad(scalarExponent)(a, e)

def scalarBase(s: f64, b: [n]f64): f64 = sum(s ** b)
entry lossScalarBase(s: f64, b: [n]f64): f64 = scalarBase(s, b)
entry dlossScalarBase(s: f64, b: [n]f64) = grad(scalarBase)(s, b)

entry primal(a: [n]f64, b: [n]f64): [n]f64 = a ** b
entry vjpPrimal(a: [n]f64, b: [n]f64, w: [n]f64) = vjp(\x y -> x ** y)(a, b, w)
entry jvpPrimal(a: [n]f64, b: [n]f64, ta: [n]f64, tb: [n]f64) = jvp(\x y -> x ** y)(a, b, ta, tb)

-- CHECK-GRAD: loss dloss [4] [4]
-- CHECK-GRAD: lossStar dlossStar [4] [4]
-- CHECK-GRAD: lossScalarExp dlossScalarExp [4] []
-- CHECK-GRAD: lossScalarBase dlossScalarBase [] [4]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [3] [3]
