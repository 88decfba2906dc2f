-- iota used in arithmetic: converted to f64 as constant weights, as computed
-- gather indices, and in comparisons selecting elements. iota carries no
-- derivative.
def weights(a: [n]f64): f64 = sum(a * a * f64(iota(n)))
entry loss(a: [n]f64): f64 = weights(a)
entry dloss(a: [n]f64) = grad(weights)(a)

def indices(a: [n]f64): f64 =
  let rev = gather([n], a, \i -> [n - 1 - iota(n)[i]])
  in sum(rev * f64(iota(n) * iota(n) + 1))
entry lossIdx(a: [n]f64): f64 = indices(a)
entry dlossIdx(a: [n]f64) = grad(indices)(a)

def selected(a: [n]f64): f64 = sum(build([n], \i -> if iota(n)[i] % 2 == 0 then exp(a[i]) else a[i] * f64(iota(n)[i])))
entry lossSel(a: [n]f64): f64 = selected(a)
entry dlossSel(a: [n]f64) = grad(selected)(a)

-- CHECK-GRAD: loss dloss [5]
-- CHECK-GRAD: lossIdx dlossIdx [5]
-- CHECK-GRAD: lossSel dlossSel [6]

-- vjp and jvp with iota as constant weights, as gather indices and in
-- comparisons, as array-valued functions.
def weightsArray(a: [n]f64): [n]f64 = a * a * f64(iota(n))
entry primalWeights(a: [n]f64): [n]f64 = weightsArray(a)
entry vjpWeights(a: [n]f64, w: [n]f64) = vjp(weightsArray)(a, w)
entry jvpWeights(a: [n]f64, t: [n]f64) = jvp(weightsArray)(a, t)
def indicesArray(a: [n]f64): [n]f64 = gather([n], a, \i -> [n - 1 - iota(n)[i]]) * f64(iota(n) * iota(n) + 1) * a
entry primalIdx(a: [n]f64): [n]f64 = indicesArray(a)
entry vjpIdx(a: [n]f64, w: [n]f64) = vjp(indicesArray)(a, w)
entry jvpIdx(a: [n]f64, t: [n]f64) = jvp(indicesArray)(a, t)
entry vjpSel(a: [n]f64, w: f64) = vjp(selected)(a, w)
entry jvpSel(a: [n]f64, t: [n]f64) = jvp(selected)(a, t)

-- CHECK-VJP-JVP: primalWeights vjpWeights jvpWeights [5]
-- CHECK-VJP-JVP: primalIdx vjpIdx jvpIdx [5]
-- CHECK-VJP-JVP: lossSel vjpSel jvpSel [6]
