-- Reductions and bulk operations inside a build body (the bulk-operation
-- transform lifts them): per-row maxOuter and sumOuter, a gather, a scatter, a
-- replicate, a tr and a reshape per row.
def rowMax(m: [r, c]f64): f64 = sum(build([r], \i -> maxOuter(m[i]) * f64(i + 1) + sumOuter(m[i] * m[i])))
entry loss(m: [r, c]f64): f64 = rowMax(m)
entry dloss(m: [r, c]f64) = grad(rowMax)(m)

def rowGather(m: [r, c]f64, idx: [k]i64): f64 =
  sum(sum(build([r], \i -> gather([k], m[i], \j -> [idx[j]]) * m[i, 0])))
entry lossGather(m: [r, c]f64, idx: [k]i64): f64 = rowGather(m, idx)
entry dlossGather(m: [r, c]f64, idx: [k]i64) = grad(rowGather)(m, idx)

def rowScatter(m: [r, c]f64): f64 =
  let s = build([r], \i -> scatter([2], m[i] * m[i], \j -> [(i + j) % 2]))
  in sum(sum(s * build([r, 2], \i j -> f64(i - j) + 0.5)))
entry lossScatter(m: [r, c]f64): f64 = rowScatter(m)
entry dlossScatter(m: [r, c]f64) = grad(rowScatter)(m)

def rowReplicate(a: [n]f64, b: [m]f64): f64 =
  sum(build([n], \i -> sum(sumOuter(replicate(2, b * a[i])) * b)))
entry lossReplicate(a: [n]f64, b: [m]f64): f64 = rowReplicate(a, b)
entry dlossReplicate(a: [n]f64, b: [m]f64) = grad(rowReplicate)(a, b)

def blockTr(t: [p, q, s]f64): f64 =
  sum(build([p], \i -> sum(sum(tr([1, 0], t[i]) * build([s, q], \j k -> f64(j * 2 + k + i))))))
entry lossTr(t: [p, q, s]f64): f64 = blockTr(t)
entry dlossTr(t: [p, q, s]f64) = grad(blockTr)(t)

def rowReshape(m: [r, 4]f64): f64 =
  sum(build([r], \i -> sum(sum(reshape([2, 2], m[i]) * [[1.0, 2.0], [3.0, 4.0]])) * m[i, 3]))
entry lossReshape(m: [r, 4]f64): f64 = rowReshape(m)
entry dlossReshape(m: [r, 4]f64) = grad(rowReshape)(m)

def colMax(m: [r, c]f64): f64 = sum(build([c], \j -> maxOuter(build([r], \i -> m[i, j] * m[i, j]))))
entry lossColMax(m: [r, c]f64): f64 = colMax(m)
entry dlossColMax(m: [r, c]f64) = grad(colMax)(m)

entry primal(m: [r, c]f64): [r]f64 = build([r], \i -> maxOuter(m[i]) * sumOuter(m[i]))
entry vjpPrimal(m: [r, c]f64, w: [r]f64) = vjp(\x -> build([r], \i -> maxOuter(x[i]) * sumOuter(x[i])))(m, w)
entry jvpPrimal(m: [r, c]f64, v: [r, c]f64) = jvp(\x -> build([r], \i -> maxOuter(x[i]) * sumOuter(x[i])))(m, v)

-- CHECK-GRAD: loss dloss [3,3]
-- CHECK-GRAD: lossGather dlossGather [3,3] [4]i64@-1:3
-- CHECK-GRAD: lossScatter dlossScatter [3,3]
-- CHECK-GRAD: lossReplicate dlossReplicate [3] [3]
-- CHECK-GRAD: lossTr dlossTr [2,3,2]
-- CHECK-GRAD: lossReshape dlossReshape [3,4]
-- CHECK-GRAD: lossColMax dlossColMax [4,3]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [3,3]
