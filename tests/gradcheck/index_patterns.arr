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
