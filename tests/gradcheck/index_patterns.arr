-- Reads inside builds with various index patterns: a constant index (every
-- iteration reads a[0], so its adjoint accumulates over the build), a
-- transposed read, the diagonal, colliding reads a[i / 2], reads through an i64
-- input array and reads whose index is computed from float data (no derivative
-- through the index).
def constIndex(a: [n]f64): f64 = sum(build([n], \i -> a[0] * a[i] + a[n - 1]))
entry loss(a: [n]f64): f64 = constIndex(a)
entry dloss(a: [n]f64) = grad(constIndex)(a)

def transposedRead(m: [r, c]f64): f64 = sum(sum(build([c, r], \i j -> m[j, i] * f64(i + 3 * j))))
entry lossT(m: [r, c]f64): f64 = transposedRead(m)
entry dlossT(m: [r, c]f64) = grad(transposedRead)(m)

def diag(m: [n, n]f64): f64 = sum(build([n], \i -> m[i, i] * m[i, i])) + sum(build([n], \i -> m[i, 0] * m[0, i]))
entry lossDiag(m: [n, n]f64): f64 = diag(m)
entry dlossDiag(m: [n, n]f64) = grad(diag)(m)

def colliding(a: [n]f64): f64 = sum(build([2 * n], \i -> a[i / 2] * a[2 * n - 1 - i]))
entry lossCollide(a: [n]f64): f64 = colliding(a)
entry dlossCollide(a: [n]f64) = grad(colliding)(a)

def viaIndices(a: [n]f64, idx: [k]i64): f64 = sum(build([k], \i -> a[idx[i]] * a[idx[(i + 1) % k]]))
entry lossVia(a: [n]f64, idx: [k]i64): f64 = viaIndices(a, idx)
entry dlossVia(a: [n]f64, idx: [k]i64) = grad(viaIndices)(a, idx)

def dataIndex(a: [n]f64, b: [n]f64): f64 = sum(build([n], \i -> a[i64(abs(b[i]) * 3.0)] * b[i]))
entry lossData(a: [n]f64, b: [n]f64): f64 = dataIndex(a, b)
entry dlossData(a: [n]f64, b: [n]f64) = grad(dataIndex)(a, b)

def argmaxIndex(a: [n]f64, b: [n]f64): f64 = b[argmax(a)] * maximum(a) + a[argmax(b)]
entry lossArgmax(a: [n]f64, b: [n]f64): f64 = argmaxIndex(a, b)
entry dlossArgmax(a: [n]f64, b: [n]f64) = grad(argmaxIndex)(a, b)

-- CHECK-GRAD: loss dloss [5]
-- CHECK-GRAD: lossT dlossT [2,3]
-- CHECK-GRAD: lossDiag dlossDiag [3,3]
-- CHECK-GRAD: lossCollide dlossCollide [4]
-- CHECK-GRAD: lossVia dlossVia [4] [6]i64@-1:4
-- CHECK-GRAD: lossData dlossData [4] [4]
-- CHECK-GRAD: lossArgmax dlossArgmax [5] [5]

-- vjp and jvp of the index patterns as array-valued functions: a constant index,
-- a transposed read, the diagonal, colliding reads, reads through an i64 input
-- array (passed through) and reads at indices computed from float data.
def constIndexArray(a: [n]f64): [n]f64 = build([n], \i -> a[0] * a[i] + a[n - 1])
entry primalConst(a: [n]f64): [n]f64 = constIndexArray(a)
entry vjpConst(a: [n]f64, w: [n]f64) = vjp(constIndexArray)(a, w)
entry jvpConst(a: [n]f64, t: [n]f64) = jvp(constIndexArray)(a, t)
def transposedArray(m: [r, c]f64): [c, r]f64 = build([c, r], \i j -> m[j, i] * m[j, i] * f64(i + 3 * j))
entry primalT(m: [r, c]f64): [c, r]f64 = transposedArray(m)
entry vjpT(m: [r, c]f64, w: [c, r]f64) = vjp(transposedArray)(m, w)
entry jvpT(m: [r, c]f64, t: [r, c]f64) = jvp(transposedArray)(m, t)
def diagArray(m: [n, n]f64): [n]f64 = build([n], \i -> m[i, i] * m[i, i] + m[i, 0] * m[0, i])
entry primalDiag(m: [n, n]f64): [n]f64 = diagArray(m)
entry vjpDiag(m: [n, n]f64, w: [n]f64) = vjp(diagArray)(m, w)
entry jvpDiag(m: [n, n]f64, t: [n, n]f64) = jvp(diagArray)(m, t)
def collidingArray(a: [n]f64): [2 * n]f64 = build([2 * n], \i -> a[i / 2] * a[2 * n - 1 - i])
entry primalCollide(a: [n]f64): [2 * n]f64 = collidingArray(a)
entry vjpCollide(a: [n]f64, w: [2 * n]f64) = vjp(collidingArray)(a, w)
entry jvpCollide(a: [n]f64, t: [n]f64) = jvp(collidingArray)(a, t)
def viaIndicesArray(a: [n]f64, idx: [k]i64): [k]f64 = build([k], \i -> a[idx[i]] * a[idx[(i + 1) % k]])
entry primalVia(a: [n]f64, idx: [k]i64): [k]f64 = viaIndicesArray(a, idx)
entry vjpVia(a: [n]f64, idx: [k]i64, w: [k]f64) = vjp(viaIndicesArray)(a, idx, w)
entry jvpVia(a: [n]f64, idx: [k]i64, t: [n]f64) = jvp(viaIndicesArray)(a, idx, t)
entry vjpData(a: [n]f64, b: [n]f64, w: f64) = vjp(dataIndex)(a, b, w)
entry jvpData(a: [n]f64, b: [n]f64, ta: [n]f64, tb: [n]f64) = jvp(dataIndex)(a, b, ta, tb)
entry vjpArgmax(a: [n]f64, b: [n]f64, w: f64) = vjp(argmaxIndex)(a, b, w)
entry jvpArgmax(a: [n]f64, b: [n]f64, ta: [n]f64, tb: [n]f64) = jvp(argmaxIndex)(a, b, ta, tb)

-- CHECK-VJP-JVP: primalConst vjpConst jvpConst [5]
-- CHECK-VJP-JVP: primalT vjpT jvpT [2,3]
-- CHECK-VJP-JVP: primalDiag vjpDiag jvpDiag [3,3]
-- CHECK-VJP-JVP: primalCollide vjpCollide jvpCollide [4]
-- CHECK-VJP-JVP: primalVia vjpVia jvpVia [4] [6]i64@-1:4
-- CHECK-VJP-JVP: lossData vjpData jvpData [4] [4]
-- CHECK-VJP-JVP: lossArgmax vjpArgmax jvpArgmax [5] [5]
