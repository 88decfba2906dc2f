-- gather with out-of-range indices (negative and too large): those reads are
-- zero, so they contribute nothing to the gradient; in-range reads get theirs.
def shifted(a: [n]f64): f64 =
  let g = gather([n + 2], a, \i -> [i - 1])
  in sum(g * g * build([n + 2], \i -> f64(i + 1)))
entry loss(a: [n]f64): f64 = shifted(a)
entry dloss(a: [n]f64) = grad(shifted)(a)

def byIndex(a: [n]f64, idx: [k]i64): f64 = sum(sin(gather([k], a, \i -> [idx[i]])) + gather([k], a, \i -> [idx[i]]) ** 2.0)
entry lossIdx(a: [n]f64, idx: [k]i64): f64 = byIndex(a, idx)
entry dlossIdx(a: [n]f64, idx: [k]i64) = grad(byIndex)(a, idx)

def twoD(m: [r, c]f64): f64 =
  let g = gather([r + 1, c + 1], m, \i j -> [i - 1, j + 1])
  in sum(sum(g * g * 3.0 + g))
entry lossTwoD(m: [r, c]f64): f64 = twoD(m)
entry dlossTwoD(m: [r, c]f64) = grad(twoD)(m)

-- Every index out of range: the gradient is exactly zero.
def none(a: [n]f64): f64 = sum(exp(gather([3], a, \i -> [n + i]))) + sum(gather([2], a, \i -> [-1 - i]))
entry lossNone(a: [n]f64): f64 = none(a)
entry dlossNone(a: [n]f64) = grad(none)(a)

-- CHECK-GRAD: loss dloss [4]
-- CHECK-GRAD: lossIdx dlossIdx [4] [8]i64@-3:6
-- CHECK-GRAD: lossTwoD dlossTwoD [2,3]
-- CHECK-GRAD: lossNone dlossNone [4]
-- CHECK-OUTPUT: dlossNone
-- INPUT: [1.0, 2.0, 3.0]
-- EXPECT: [0.0, 0.0, 0.0]

-- vjp and jvp of the gathers themselves (array results, out-of-range reads give
-- zero tangents and drop cotangents), with an i64 index input passed through.
entry primalShift(a: [n]f64): [n + 2]f64 = gather([n + 2], a, \i -> [i - 1]) * exp(gather([n + 2], a, \i -> [i + 1]))
entry vjpShift(a: [n]f64, w: [n + 2]f64) = vjp(\x -> gather([n + 2], x, \i -> [i - 1]) * exp(gather([n + 2], x, \i -> [i + 1])))(a, w)
entry jvpShift(a: [n]f64, t: [n]f64) = jvp(\x -> gather([n + 2], x, \i -> [i - 1]) * exp(gather([n + 2], x, \i -> [i + 1])))(a, t)
def byIndexArray(a: [n]f64, idx: [k]i64): [k]f64 = sin(gather([k], a, \i -> [idx[i]])) * gather([k], a, \i -> [idx[k - 1 - i]])
entry primalIdx(a: [n]f64, idx: [k]i64): [k]f64 = byIndexArray(a, idx)
entry vjpIdx(a: [n]f64, idx: [k]i64, w: [k]f64) = vjp(byIndexArray)(a, idx, w)
entry jvpIdx(a: [n]f64, idx: [k]i64, t: [n]f64) = jvp(byIndexArray)(a, idx, t)
def twoDArray(m: [r, c]f64): [r + 1, c + 1]f64 = gather([r + 1, c + 1], m, \i j -> [i - 1, j + 1]) ** 2.0
entry primalTwoD(m: [r, c]f64): [r + 1, c + 1]f64 = twoDArray(m)
entry vjpTwoD(m: [r, c]f64, w: [r + 1, c + 1]f64) = vjp(twoDArray)(m, w)
entry jvpTwoD(m: [r, c]f64, t: [r, c]f64) = jvp(twoDArray)(m, t)
entry vjpNone(a: [n]f64, w: f64) = vjp(none)(a, w)
entry jvpNone(a: [n]f64, t: [n]f64) = jvp(none)(a, t)

-- CHECK-VJP-JVP: primalShift vjpShift jvpShift [4]
-- CHECK-VJP-JVP: primalIdx vjpIdx jvpIdx [4] [8]i64@-1:4
-- CHECK-VJP-JVP: primalTwoD vjpTwoD jvpTwoD [2,3]
-- CHECK-VJP-JVP: lossNone vjpNone jvpNone [4]
