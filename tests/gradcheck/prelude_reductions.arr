-- Prelude reductions: sum, mean, product (sign times exp of summed logs), dot,
-- norm, maximum, minimum.
def f(a: [n]f64, b: [n]f64): f64 = sum(a * b) * mean(a) + dot(a, b * b) + norm(a) * mean(b * b)
entry loss(a: [n]f64, b: [n]f64): f64 = f(a, b)
entry dloss(a: [n]f64, b: [n]f64) = grad(f)(a, b)

def extremes(a: [n]f64): f64 = maximum(a) * 2.0 - minimum(a) * 3.0 + maximum(a * a)
entry lossExt(a: [n]f64): f64 = extremes(a)
entry dlossExt(a: [n]f64) = grad(extremes)(a)

def prod(a: [n]f64): f64 = product(a)
entry lossProd(a: [n]f64): f64 = prod(a)
entry dlossProd(a: [n]f64) = grad(prod)(a)

def sumMatrix(m: [r, c]f64): f64 = sum(sum(m) * mean(m[0])) + norm(sum(tr([1, 0], m)))
entry lossMat(m: [r, c]f64): f64 = sumMatrix(m)
entry dlossMat(m: [r, c]f64) = grad(sumMatrix)(m)

-- The gradient of a product at a zero element is the product of the others
-- (the prelude computes the magnitude as exp(sum(log(abs(x))))).
entry dlossProdAt(a: [n]f64) = grad(prod)(a)

-- CHECK-OUTPUT: dlossProdAt
-- INPUT: [-1.0, 2.0, 3.0]
-- EXPECT: [6.0, -3.0, -2.0]
-- CHECK-OUTPUT: dlossProdAt
-- INPUT: [0.0, 2.0, 3.0]
-- EXPECT: [6.0, 0.0, 0.0]
-- CHECK-GRAD: loss dloss [5] [5]
-- CHECK-GRAD: lossExt dlossExt [6]
-- CHECK-GRAD: lossProd dlossProd [5]
-- CHECK-GRAD: lossMat dlossMat [3,3]
