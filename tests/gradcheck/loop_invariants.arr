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

-- vjp and jvp of the same patterns as array-valued functions: an invariant
-- scalar, invariant reads at fixed indices, an invariant row and invariants at
-- two loop levels.
def scalarOutsideArray(a: [n]f64): [n]f64 = let s = sum(a * a) in build([n], \i -> s * a[i] + s)
entry primalScalar(a: [n]f64): [n]f64 = scalarOutsideArray(a)
entry vjpScalar(a: [n]f64, w: [n]f64) = vjp(scalarOutsideArray)(a, w)
entry jvpScalar(a: [n]f64, t: [n]f64) = jvp(scalarOutsideArray)(a, t)
def fixedIndexArray(a: [n]f64): [n]f64 = let b = exp(a) in build([n], \i -> b[0] * a[i] + b[n - 1] * b[i])
entry primalFixed(a: [n]f64): [n]f64 = fixedIndexArray(a)
entry vjpFixed(a: [n]f64, w: [n]f64) = vjp(fixedIndexArray)(a, w)
entry jvpFixed(a: [n]f64, t: [n]f64) = jvp(fixedIndexArray)(a, t)
def rowOutsideArray(m: [r, c]f64): [r, c]f64 = let top = m[0] * 2.0 in build([r, c], \i j -> top[j] * m[i, j] + top[(j + 1) % c])
entry primalRow(m: [r, c]f64): [r, c]f64 = rowOutsideArray(m)
entry vjpRow(m: [r, c]f64, w: [r, c]f64) = vjp(rowOutsideArray)(m, w)
entry jvpRow(m: [r, c]f64, t: [r, c]f64) = jvp(rowOutsideArray)(m, t)
def twoLevelsArray(a: [n]f64, b: [m]f64): [n, m]f64 =
  let s = sum(b)
  in build([n], \i -> let t = a[i] * s in build([m], \j -> t * b[j] + s))
entry primalTwo(a: [n]f64, b: [m]f64): [n, m]f64 = twoLevelsArray(a, b)
entry vjpTwo(a: [n]f64, b: [m]f64, w: [n, m]f64) = vjp(twoLevelsArray)(a, b, w)
entry jvpTwo(a: [n]f64, b: [m]f64, ta: [n]f64, tb: [m]f64) = jvp(twoLevelsArray)(a, b, ta, tb)

-- CHECK-VJP-JVP: primalScalar vjpScalar jvpScalar [5]
-- CHECK-VJP-JVP: primalFixed vjpFixed jvpFixed [5]
-- CHECK-VJP-JVP: primalRow vjpRow jvpRow [3,3]
-- CHECK-VJP-JVP: primalTwo vjpTwo jvpTwo [3] [3]
