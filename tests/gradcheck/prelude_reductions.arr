-- Prelude reductions: sum, mean, product (prodOuter), dot, norm, maximum,
-- minimum.
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

-- The gradient of a product at a zero element is the product of the others,
-- and 0 everywhere with two zeros.
entry dlossProdAt(a: [n]f64) = grad(prod)(a)

-- CHECK-OUTPUT: dlossProdAt
-- INPUT: [-1.0, 2.0, 3.0]
-- EXPECT: [6.0, -3.0, -2.0]
-- CHECK-OUTPUT: dlossProdAt
-- INPUT: [0.0, 2.0, 3.0]
-- EXPECT: [6.0, 0.0, 0.0]
-- CHECK-OUTPUT: dlossProdAt
-- INPUT: [0.0, 2.0, 0.0]
-- EXPECT: [0.0, 0.0, 0.0]
-- CHECK-GRAD: loss dloss [5] [5]
-- CHECK-GRAD: lossExt dlossExt [6]
-- CHECK-GRAD: lossProd dlossProd [5]
-- CHECK-GRAD: lossMat dlossMat [3,3]

-- vjp and jvp of the reductions: the losses above, and the per-row reductions
-- of a matrix as a tuple of vectors.
entry vjpF(a: [n]f64, b: [n]f64, w: f64) = vjp(f)(a, b, w)
entry jvpF(a: [n]f64, b: [n]f64, ta: [n]f64, tb: [n]f64) = jvp(f)(a, b, ta, tb)
entry vjpExt(a: [n]f64, w: f64) = vjp(extremes)(a, w)
entry jvpExt(a: [n]f64, t: [n]f64) = jvp(extremes)(a, t)
entry vjpProd(a: [n]f64, w: f64) = vjp(prod)(a, w)
entry jvpProd(a: [n]f64, t: [n]f64) = jvp(prod)(a, t)
def rowReductions(m: [r, c]f64): ([r]f64, [r]f64, [r]f64, [r]f64) =
  (map(\x -> sum(x) * mean(x), m), map(norm, m), map(maximum, m), map(product, m))
entry primalRows(m: [r, c]f64): ([r]f64, [r]f64, [r]f64, [r]f64) = rowReductions(m)
entry vjpRows(m: [r, c]f64, w: ([r]f64, [r]f64, [r]f64, [r]f64)) = vjp(rowReductions)(m, w)
entry jvpRows(m: [r, c]f64, t: [r, c]f64) = jvp(rowReductions)(m, t)

-- CHECK-VJP-JVP: loss vjpF jvpF [5] [5]
-- CHECK-VJP-JVP: lossExt vjpExt jvpExt [6]
-- CHECK-VJP-JVP: lossProd vjpProd jvpProd [5]
-- CHECK-VJP-JVP: primalRows vjpRows jvpRows [3,4]
