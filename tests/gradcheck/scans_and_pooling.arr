-- Prefix sums written as a triangular build (a read of a[j] for j <= i, zero
-- otherwise), a sliding-window maximum (max pooling) via maxOuter of windows
-- built with out-of-range reads at the end, and a polynomial evaluated with
-- iota powers.
def cumsum(a: [n]f64): [n]f64 = build([n], \i -> sum(build([n], \j -> if j <= i then a[j] else 0.0)))
def scanLoss(a: [n]f64): f64 = sum(cumsum(a) * cumsum(a * a))
entry loss(a: [n]f64): f64 = scanLoss(a)
entry dloss(a: [n]f64) = grad(scanLoss)(a)

def maxPool(a: [n]f64): [n]f64 = build([n], \i -> maxOuter(build([3], \w -> a[i + w])))
def poolLoss(a: [n]f64): f64 = sum(maxPool(a) * build([n], \i -> f64(i) + 1.0))
entry lossPool(a: [n]f64): f64 = poolLoss(a)
entry dlossPool(a: [n]f64) = grad(poolLoss)(a)

def poly(coeffs: [k]f64, x: [n]f64): f64 =
  sum(build([n], \i -> sum(build([k], \j -> coeffs[j] * x[i] ** f64(j)))))
entry lossPoly(coeffs: [k]f64, x: [n]f64): f64 = poly(coeffs, x)
entry dlossPoly(coeffs: [k]f64, x: [n]f64) = grad(poly)(coeffs, x)

-- (jvp of cumsum is in jvp_constant_elements.arr.)
entry primal(a: [n]f64): [n]f64 = maxPool(a * a)
entry vjpPrimal(a: [n]f64, w: [n]f64) = vjp(\x -> maxPool(x * x))(a, w)
entry jvpPrimal(a: [n]f64, v: [n]f64) = jvp(\x -> maxPool(x * x))(a, v)

-- CHECK-GRAD: loss dloss [5]
-- CHECK-GRAD: lossPool dlossPool [6]
-- CHECK-GRAD: lossPoly dlossPoly [4] [3]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [6]
