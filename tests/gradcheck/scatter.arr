-- scatter: the adjoint of a scatter is a gather of the cotangent. Collisions
-- (several sources added at one target), out-of-range targets (dropped, so no
-- gradient), targets from an i64 input, two-dimensional targets and rows.
def collide(a: [n]f64): f64 =
  let s = scatter([3], a, \i -> [i % 3])
  in sum(s * s * [1.0, 2.0, 3.0])
entry loss(a: [n]f64): f64 = collide(a)
entry dloss(a: [n]f64) = grad(collide)(a)

def byIndex(a: [k]f64, idx: [k]i64): f64 =
  let s = scatter([4], a * a, \i -> [idx[i]])
  in sum(exp(s) * [0.5, -1.0, 2.0, 1.5])
entry lossIdx(a: [k]f64, idx: [k]i64): f64 = byIndex(a, idx)
entry dlossIdx(a: [k]f64, idx: [k]i64) = grad(byIndex)(a, idx)

def dropped(a: [n]f64): f64 =
  let s = scatter([n], a, \i -> [2 * i - 1])
  in sum(s * s * s) + sum(scatter([2], a, \i -> [i - n]))
entry lossDropped(a: [n]f64): f64 = dropped(a)
entry dlossDropped(a: [n]f64) = grad(dropped)(a)

def twoD(m: [r, c]f64): f64 =
  let s = scatter([c, 2], m, \i j -> [j, i % 2])
  in sum(sum(s * s * build([c, 2], \i j -> f64(i + j + 1))))
entry lossTwoD(m: [r, c]f64): f64 = twoD(m)
entry dlossTwoD(m: [r, c]f64) = grad(twoD)(m)

def rowsOf(m: [r, c]f64): f64 =
  let s = scatter([2], m, \i -> [i / 2])
  in sum(sum(sin(s) * s))
entry lossRows(m: [r, c]f64): f64 = rowsOf(m)
entry dlossRows(m: [r, c]f64) = grad(rowsOf)(m)

entry primal(a: [n]f64, idx: [n]i64): [3]f64 = scatter([3], a, \i -> [idx[i]])
entry vjpPrimal(a: [n]f64, idx: [n]i64, w: [3]f64) = vjp(\x -> scatter([3], x, \i -> [idx[i]]))(a, w)
entry jvpPrimal(a: [n]f64, idx: [n]i64, v: [n]f64) = jvp(\x -> scatter([3], x, \i -> [idx[i]]))(a, v)

-- CHECK-GRAD: loss dloss [7]
-- CHECK-GRAD: lossIdx dlossIdx [6] [6]i64@-1:4
-- CHECK-GRAD: lossDropped dlossDropped [5]
-- CHECK-GRAD: lossTwoD dlossTwoD [4,2]
-- CHECK-GRAD: lossRows dlossRows [5,2]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [6] [6]i64@-1:3
