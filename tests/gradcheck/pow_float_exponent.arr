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
