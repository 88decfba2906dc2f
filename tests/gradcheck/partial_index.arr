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
