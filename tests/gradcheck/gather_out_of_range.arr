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
