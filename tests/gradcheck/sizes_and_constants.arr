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
