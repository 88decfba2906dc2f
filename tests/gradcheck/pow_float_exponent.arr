-- x ** c with a constant float exponent: integral exponents (2.0, 3.0) on
-- negative and positive bases, a fractional exponent on positive bases, a
-- negative exponent, and the exponent 1.0 and 0.0.
def integral(a: [n]f64): f64 = sum(a ** 2.0) + sum(a ** 3.0) * 0.5 + sum(a ** 1.0) + sum(a ** 0.0)
entry loss(a: [n]f64): f64 = integral(a)
entry dloss(a: [n]f64) = grad(integral)(a)

def fractional(a: [n]f64): f64 = sum(a ** 2.5) + sum(a ** 0.5) + sum(a ** -1.5)
entry lossFrac(a: [n]f64): f64 = fractional(a)
entry dlossFrac(a: [n]f64) = grad(fractional)(a)

def scalar(x: f64): f64 = (x * x + 1.0) ** 1.5
entry lossScalar(x: f64): f64 = scalar(x)
entry dlossScalar(x: f64) = grad(scalar)(x)

-- CHECK-GRAD: loss dloss [6]
-- CHECK-GRAD: lossScalar dlossScalar []
-- RANGE: 0.2 2.0
-- CHECK-GRAD: lossFrac dlossFrac [6]

-- vjp and jvp of constant float exponents as array-valued functions.
def integralArray(a: [n]f64): [n]f64 = a ** 2.0 + a ** 3.0 * 0.5 + a ** 1.0 + a ** 0.0
entry primalIntegral(a: [n]f64): [n]f64 = integralArray(a)
entry vjpIntegral(a: [n]f64, w: [n]f64) = vjp(integralArray)(a, w)
entry jvpIntegral(a: [n]f64, t: [n]f64) = jvp(integralArray)(a, t)
def fractionalArray(a: [n]f64): [n]f64 = a ** 2.5 + a ** 0.5 + a ** -1.5
entry primalFrac(a: [n]f64): [n]f64 = fractionalArray(a)
entry vjpFrac(a: [n]f64, w: [n]f64) = vjp(fractionalArray)(a, w)
entry jvpFrac(a: [n]f64, t: [n]f64) = jvp(fractionalArray)(a, t)
entry vjpScalar(x: f64, w: f64) = vjp(scalar)(x, w)
entry jvpScalar(x: f64, t: f64) = jvp(scalar)(x, t)

-- RANGE: default
-- CHECK-VJP-JVP: primalIntegral vjpIntegral jvpIntegral [6]
-- CHECK-VJP-JVP: lossScalar vjpScalar jvpScalar []
-- RANGE: 0.2 2.0
-- CHECK-VJP-JVP: primalFrac vjpFrac jvpFrac [6]
