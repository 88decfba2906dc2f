-- build in one, two and three dimensions, nested builds, builds whose body
-- reads the same element several times, and a build of sub-arrays.
def oneD(a: [n]f64): f64 = sum(build([n], \i -> a[i] * a[i] * f64(i + 1)))
entry loss1(a: [n]f64): f64 = oneD(a)
entry dloss1(a: [n]f64) = grad(oneD)(a)

def twoD(a: [n]f64, b: [m]f64): f64 = sum(sum(build([n, m], \i j -> sin(a[i] * b[j]) + a[i])))
entry loss2(a: [n]f64, b: [m]f64): f64 = twoD(a, b)
entry dloss2(a: [n]f64, b: [m]f64) = grad(twoD)(a, b)

def threeD(m: [p, q]f64): f64 =
  let t = build([p, q, 2], \i j k -> m[i, j] * f64(k + 1) + m[p - 1 - i, j])
  in sum(sum(sum(t * t)))
entry loss3(m: [p, q]f64): f64 = threeD(m)
entry dloss3(m: [p, q]f64) = grad(threeD)(m)

def nested(a: [n]f64): f64 =
  sum(build([n], \i -> sum(build([n], \j -> a[i] * a[j] * f64(j - i)))))
entry lossNested(a: [n]f64): f64 = nested(a)
entry dlossNested(a: [n]f64) = grad(nested)(a)

def rows(m: [r, c]f64): f64 =
  let doubled = build([r], \i -> m[i] * 2.0 + m[r - 1 - i])
  in sum(sum(doubled * doubled))
entry lossRows(m: [r, c]f64): f64 = rows(m)
entry dlossRows(m: [r, c]f64) = grad(rows)(m)

entry primal(a: [n]f64, b: [m]f64): [n, m]f64 = build([n, m], \i j -> a[i] * b[j] * b[j])
entry vjpPrimal(a: [n]f64, b: [m]f64, w: [n, m]f64) = vjp(\x y -> build([n, m], \i j -> x[i] * y[j] * y[j]))(a, b, w)
entry jvpPrimal(a: [n]f64, b: [m]f64, ta: [n]f64, tb: [m]f64) = jvp(\x y -> build([n, m], \i j -> x[i] * y[j] * y[j]))(a, b, ta, tb)

-- CHECK-GRAD: loss1 dloss1 [5]
-- CHECK-GRAD: loss2 dloss2 [3] [4]
-- CHECK-GRAD: loss3 dloss3 [2,3]
-- CHECK-GRAD: lossNested dlossNested [4]
-- CHECK-GRAD: lossRows dlossRows [3,2]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [3] [2]
