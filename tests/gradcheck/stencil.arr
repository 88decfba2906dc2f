-- Stencils reading a[i-1], a[i+1] at the boundary: out-of-range reads give zero,
-- so the boundary elements get no contribution from the missing neighbour. The
-- gradient must agree with the primal's totality. One- and two-dimensional.
def blur(a: [n]f64): f64 =
  let b = build([n], \i -> 0.25 * a[i - 1] + 0.5 * a[i] + 0.25 * a[i + 1])
  in sum(b * b * build([n], \i -> f64(i + 1)))
entry loss(a: [n]f64): f64 = blur(a)
entry dloss(a: [n]f64) = grad(blur)(a)

def diff(a: [n]f64): f64 = sum(build([n], \i -> (a[i + 1] - a[i]) ** 2.0))
entry lossDiff(a: [n]f64): f64 = diff(a)
entry dlossDiff(a: [n]f64) = grad(diff)(a)

def wide(a: [n]f64): f64 = sum(build([n], \i -> a[i - 2] * a[i + 2] + exp(a[i + 3])))
entry lossWide(a: [n]f64): f64 = wide(a)
entry dlossWide(a: [n]f64) = grad(wide)(a)

def laplace(m: [r, c]f64): f64 =
  let l = build([r, c], \i j -> m[i - 1, j] + m[i + 1, j] + m[i, j - 1] + m[i, j + 1] - 4.0 * m[i, j])
  in sum(sum(l * l))
entry lossLaplace(m: [r, c]f64): f64 = laplace(m)
entry dlossLaplace(m: [r, c]f64) = grad(laplace)(m)

entry primal(a: [n]f64): [n]f64 = build([n], \i -> a[i - 1] * a[i + 1])
entry vjpPrimal(a: [n]f64, w: [n]f64) = vjp(\x -> build([n], \i -> x[i - 1] * x[i + 1]))(a, w)
entry jvpPrimal(a: [n]f64, v: [n]f64) = jvp(\x -> build([n], \i -> x[i - 1] * x[i + 1]))(a, v)

-- CHECK-GRAD: loss dloss [6]
-- CHECK-GRAD: lossDiff dlossDiff [6]
-- CHECK-GRAD: lossWide dlossWide [6]
-- CHECK-GRAD: lossLaplace dlossLaplace [3,4]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [5]
-- The last element's missing right neighbour reads 0: diff's gradient there is
-- 2 * a[n-1] (from (0 - a[n-1])^2) minus 2 * (a[n-1] - a[n-2]).
-- CHECK-OUTPUT: dlossDiff
-- INPUT: [1.0, 3.0]
-- EXPECT: [-4.0, 10.0]
