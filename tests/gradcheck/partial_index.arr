-- Indexing with fewer indices than the rank returns a sub-array: rows of a
-- matrix, planes of a rank-3 array, a computed row index, and an out-of-range
-- row (all zeros, no gradient).
def row(m: [r, c]f64): f64 = sum(m[1] * m[0]) + sum(exp(m[r - 1]))
entry loss(m: [r, c]f64): f64 = row(m)
entry dloss(m: [r, c]f64) = grad(row)(m)

def plane(t: [p, q, s]f64): f64 = sum(sum(t[1] * t[0])) + sum(t[0, 1] * t[1, 2])
entry lossPlane(t: [p, q, s]f64): f64 = plane(t)
entry dlossPlane(t: [p, q, s]f64) = grad(plane)(t)

def computed(m: [r, c]f64, k: i64): f64 = sum(m[k] * m[(k + 1) % r]) + sum(m[r + k]) + sum(m[-1])
entry lossComputed(m: [r, c]f64, k: i64): f64 = computed(m, k)
entry dlossComputed(m: [r, c]f64, k: i64) = grad(computed)(m, k)

def inBuild(m: [r, c]f64): f64 = sum(build([r], \i -> sum(m[i] * m[(i + 1) % r])))
entry lossBuild(m: [r, c]f64): f64 = inBuild(m)
entry dlossBuild(m: [r, c]f64) = grad(inBuild)(m)

-- CHECK-GRAD: loss dloss [3,3]
-- CHECK-GRAD: lossPlane dlossPlane [2,3,2]
-- CHECK-GRAD: lossComputed dlossComputed [3,3] []i64@0:2
-- CHECK-GRAD: lossBuild dlossBuild [4,2]

-- vjp and jvp of sub-array indexing as array-valued functions: rows, planes, a
-- computed row index with an i64 parameter passed through (and out-of-range
-- rows), and rows read inside a build.
def rowArray(m: [r, c]f64): [c]f64 = m[1] * m[0] + exp(m[r - 1])
entry primalRow(m: [r, c]f64): [c]f64 = rowArray(m)
entry vjpRow(m: [r, c]f64, w: [c]f64) = vjp(rowArray)(m, w)
entry jvpRow(m: [r, c]f64, t: [r, c]f64) = jvp(rowArray)(m, t)
def planeArray(t: [p, q, s]f64): [q, s]f64 = t[1] * t[0] + replicate(q, t[0, 1] * t[1, 2])
entry primalPlane(t: [p, q, s]f64): [q, s]f64 = planeArray(t)
entry vjpPlane(t: [p, q, s]f64, w: [q, s]f64) = vjp(planeArray)(t, w)
entry jvpPlane(t: [p, q, s]f64, v: [p, q, s]f64) = jvp(planeArray)(t, v)
def computedArray(m: [r, c]f64, k: i64): [c]f64 = m[k] * m[(k + 1) % r] + m[r + k] + m[-1]
entry primalComputed(m: [r, c]f64, k: i64): [c]f64 = computedArray(m, k)
entry vjpComputed(m: [r, c]f64, k: i64, w: [c]f64) = vjp(computedArray)(m, k, w)
entry jvpComputed(m: [r, c]f64, k: i64, t: [r, c]f64) = jvp(computedArray)(m, k, t)
def inBuildArray(m: [r, c]f64): [r]f64 = build([r], \i -> sum(m[i] * m[(i + 1) % r]))
entry primalBuild(m: [r, c]f64): [r]f64 = inBuildArray(m)
entry vjpBuild(m: [r, c]f64, w: [r]f64) = vjp(inBuildArray)(m, w)
entry jvpBuild(m: [r, c]f64, t: [r, c]f64) = jvp(inBuildArray)(m, t)

-- CHECK-VJP-JVP: primalRow vjpRow jvpRow [3,3]
-- CHECK-VJP-JVP: primalPlane vjpPlane jvpPlane [2,3,2]
-- CHECK-VJP-JVP: primalComputed vjpComputed jvpComputed [3,3] []i64@0:2
-- CHECK-VJP-JVP: primalBuild vjpBuild jvpBuild [4,2]
