-- Size variables used as values (f64(n)), constants (def) in the loss and in
-- types, sizes that are sums of size variables, and take/drop with a size
-- variable count.
def scale = 0.25
def k = 3
def normalised(a: [n]f64): f64 = sum(a * a) / f64(n) + scale * sum(a)
entry loss(a: [n]f64): f64 = normalised(a)
entry dloss(a: [n]f64) = grad(normalised)(a)

def fixed(a: [k]f64, b: [k, 2]f64): f64 = sum(matvec(tr([1, 0], b), a) * f64(k)) * scale
entry lossFixed(a: [k]f64, b: [k, 2]f64): f64 = fixed(a, b)
entry dlossFixed(a: [k]f64, b: [k, 2]f64) = grad(fixed)(a, b)

def sums(a: [n]f64, b: [m]f64): f64 =
  let c = concat(a, b)
  let d = build([n + m + 1], \i -> c[i] * f64(n + m - i))
  in sum(d * d) + sum(take(n, c) * a) + sum(drop(n, c) * b)
entry lossSums(a: [n]f64, b: [m]f64): f64 = sums(a, b)
entry dlossSums(a: [n]f64, b: [m]f64) = grad(sums)(a, b)

def products(m: [r, c]f64): f64 =
  let flat = reshape([r * c], m)
  in sum(build([r * c], \i -> flat[i] * f64(i % c + 1))) * f64(r * c)
entry lossProducts(m: [r, c]f64): f64 = products(m)
entry dlossProducts(m: [r, c]f64) = grad(products)(m)

-- CHECK-GRAD: loss dloss [5]
-- CHECK-GRAD: lossFixed dlossFixed [3] [3,2]
-- CHECK-GRAD: lossSums dlossSums [2] [3]
-- CHECK-GRAD: lossProducts dlossProducts [2,3]

-- vjp and jvp with sizes as values, constants in types and size sums, as
-- array-valued functions (results of size k and n + m + 1); DEFINE changes k.
def normalisedArray(a: [n]f64): [n]f64 = a * a / f64(n) + scale * a * sum(a)
entry primalNormalised(a: [n]f64): [n]f64 = normalisedArray(a)
entry vjpNormalised(a: [n]f64, w: [n]f64) = vjp(normalisedArray)(a, w)
entry jvpNormalised(a: [n]f64, t: [n]f64) = jvp(normalisedArray)(a, t)
def fixedArray(a: [k]f64, b: [k, 2]f64): [2]f64 = matvec(tr([1, 0], b), a * a) * f64(k) * scale
entry primalFixed(a: [k]f64, b: [k, 2]f64): [2]f64 = fixedArray(a, b)
entry vjpFixed(a: [k]f64, b: [k, 2]f64, w: [2]f64) = vjp(fixedArray)(a, b, w)
entry jvpFixed(a: [k]f64, b: [k, 2]f64, ta: [k]f64, tb: [k, 2]f64) = jvp(fixedArray)(a, b, ta, tb)
def sumsArray(a: [n]f64, b: [m]f64): [n + m + 1]f64 =
  let c = concat(a, b)
  in build([n + m + 1], \i -> c[i] * c[i] * f64(n + m - i)) + concat(take(n, c) * a, concat(drop(n, c) * b, [1.0]))
entry primalSums(a: [n]f64, b: [m]f64): [n + m + 1]f64 = sumsArray(a, b)
entry vjpSums(a: [n]f64, b: [m]f64, w: [n + m + 1]f64) = vjp(sumsArray)(a, b, w)
entry jvpSums(a: [n]f64, b: [m]f64, ta: [n]f64, tb: [m]f64) = jvp(sumsArray)(a, b, ta, tb)
entry vjpProducts(m: [r, c]f64, w: f64) = vjp(products)(m, w)
entry jvpProducts(m: [r, c]f64, t: [r, c]f64) = jvp(products)(m, t)

-- CHECK-VJP-JVP: primalNormalised vjpNormalised jvpNormalised [5]
-- CHECK-VJP-JVP: primalFixed vjpFixed jvpFixed [3] [3,2]
-- CHECK-VJP-JVP: primalSums vjpSums jvpSums [2] [3]
-- CHECK-VJP-JVP: lossProducts vjpProducts jvpProducts [2,3]
-- DEFINE: k=5
-- CHECK-VJP-JVP: primalFixed vjpFixed jvpFixed [5] [5,2]
