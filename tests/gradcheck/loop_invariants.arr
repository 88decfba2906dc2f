-- Values computed outside a build and read inside it: a scalar (its cotangent is
-- the sum over the build), an array read at a fixed index, an array read at the
-- build index and also used outside, and a matrix row bound outside.
def scalarOutside(a: [n]f64): f64 =
  let s = sum(a * a)
  in sum(build([n], \i -> s * a[i] + s))
entry loss(a: [n]f64): f64 = scalarOutside(a)
entry dloss(a: [n]f64) = grad(scalarOutside)(a)

def fixedIndex(a: [n]f64): f64 =
  let b = exp(a)
  in sum(build([n], \i -> b[0] * a[i] + b[n - 1] * b[i])) + b[1]
entry lossFixed(a: [n]f64): f64 = fixedIndex(a)
entry dlossFixed(a: [n]f64) = grad(fixedIndex)(a)

def rowOutside(m: [r, c]f64): f64 =
  let top = m[0] * 2.0
  in sum(sum(build([r, c], \i j -> top[j] * m[i, j] + top[(j + 1) % c])))
entry lossRow(m: [r, c]f64): f64 = rowOutside(m)
entry dlossRow(m: [r, c]f64) = grad(rowOutside)(m)

def twoLevels(a: [n]f64, b: [m]f64): f64 =
  let s = sum(b)
  in sum(build([n], \i -> let t = a[i] * s in sum(build([m], \j -> t * b[j] + s))))
entry lossTwo(a: [n]f64, b: [m]f64): f64 = twoLevels(a, b)
entry dlossTwo(a: [n]f64, b: [m]f64) = grad(twoLevels)(a, b)

-- CHECK-GRAD: loss dloss [5]
-- CHECK-GRAD: lossFixed dlossFixed [5]
-- CHECK-GRAD: lossRow dlossRow [3,3]
-- CHECK-GRAD: lossTwo dlossTwo [3] [3]
