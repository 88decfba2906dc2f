-- gather with computed indices: a permutation, repeated indices (the adjoint
-- accumulates), indices from an i64 input, two-dimensional index spaces and
-- sub-array gathers.
def perm(a: [n]f64): f64 = sum(gather([n], a, \i -> [(i * 3 + 1) % n]) * iotaWeights(n))
def iotaWeights(k: i64): [k]f64 = build([k], \i -> f64(i) + 0.5)
entry lossPerm(a: [5]f64): f64 = perm(a)
entry dlossPerm(a: [5]f64) = grad(perm)(a)

def repeated(a: [n]f64): f64 =
  let g = gather([2 * n], a, \i -> [i / 2])
  in sum(g * g * iotaWeights(2 * n))
entry lossRepeated(a: [n]f64): f64 = repeated(a)
entry dlossRepeated(a: [n]f64) = grad(repeated)(a)

def byIndex(a: [n]f64, idx: [k]i64): f64 = sum(exp(gather([k], a, \i -> [idx[i]])))
entry lossIdx(a: [n]f64, idx: [k]i64): f64 = byIndex(a, idx)
entry dlossIdx(a: [n]f64, idx: [k]i64) = grad(byIndex)(a, idx)

def grid(m: [r, c]f64): f64 =
  let g = gather([c, r], m, \i j -> [j, i])
  in sum(sum(g * build([c, r], \i j -> f64(i * 10 + j))))
entry lossGrid(m: [r, c]f64): f64 = grid(m)
entry dlossGrid(m: [r, c]f64) = grad(grid)(m)

def rowsOf(m: [r, c]f64, idx: [k]i64): f64 =
  let g = gather([k], m, \i -> [idx[i]])
  in sum(sum(g * g * g))
entry lossRows(m: [r, c]f64, idx: [k]i64): f64 = rowsOf(m, idx)
entry dlossRows(m: [r, c]f64, idx: [k]i64) = grad(rowsOf)(m, idx)

entry primal(a: [n]f64): [7]f64 = gather([7], a, \i -> [(i * i) % n])
entry vjpPrimal(a: [n]f64, w: [7]f64) = vjp(\x -> gather([7], x, \i -> [(i * i) % n]))(a, w)
entry jvpPrimal(a: [n]f64, v: [n]f64) = jvp(\x -> gather([7], x, \i -> [(i * i) % n]))(a, v)

-- CHECK-GRAD: lossPerm dlossPerm [5]
-- CHECK-GRAD: lossRepeated dlossRepeated [4]
-- CHECK-GRAD: lossIdx dlossIdx [4] [6]i64
-- CHECK-GRAD: lossGrid dlossGrid [2,3]
-- CHECK-GRAD: lossRows dlossRows [3,2] [5]i64@0:2
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [4]
