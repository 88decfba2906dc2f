-- Nested higher-order functions: map over the rows of a matrix with a generic
-- function instantiated at T = [c]f64, map inside map, map2 of rows, and a
-- user-defined generic helper used at two types.
def rowNorms(m: [r, c]f64): f64 = sum(map(\row -> norm(row), m))
entry loss(m: [r, c]f64): f64 = rowNorms(m)
entry dloss(m: [r, c]f64) = grad(rowNorms)(m)

def mapMap(m: [r, c]f64): f64 = sum(sum(map(\row -> map(\x -> x * sin(x), row), m)))
entry lossMapMap(m: [r, c]f64): f64 = mapMap(m)
entry dlossMapMap(m: [r, c]f64) = grad(mapMap)(m)

def rowDots(a: [r, c]f64, b: [r, c]f64): f64 = sum(map2(\x y -> dot(x, y) * sum(x), a, b))
entry lossRowDots(a: [r, c]f64, b: [r, c]f64): f64 = rowDots(a, b)
entry dlossRowDots(a: [r, c]f64, b: [r, c]f64) = grad(rowDots)(a, b)

def twice<T>(f: T -> T, x: T): T = f(f(x))
def generic(a: [n]f64, s: f64): f64 = sum(twice(\v -> v * v + 0.5, a)) * twice(\y -> sin(y), s)
entry lossGeneric(a: [n]f64, s: f64): f64 = generic(a, s)
entry dlossGeneric(a: [n]f64, s: f64) = grad(generic)(a, s)

def softmaxRows(m: [r, c]f64, t: [r, c]f64): f64 = sum(sum(map(softmax, m) * t))
entry lossSoftmaxRows(m: [r, c]f64, t: [r, c]f64): f64 = softmaxRows(m, t)
entry dlossSoftmaxRows(m: [r, c]f64, t: [r, c]f64) = grad(softmaxRows)(m, t)

-- CHECK-GRAD: loss dloss [3,3]
-- CHECK-GRAD: lossMapMap dlossMapMap [3,3]
-- CHECK-GRAD: lossRowDots dlossRowDots [2,3] [2,3]
-- CHECK-GRAD: lossGeneric dlossGeneric [4] []
-- CHECK-GRAD: lossSoftmaxRows dlossSoftmaxRows [2,3] [2,3]

-- vjp and jvp through nested higher-order functions, as array-valued functions:
-- per-row norms, map inside map, map2 of rows, the generic helper, and a softmax
-- of every row.
def rowNormsArray(m: [r, c]f64): [r]f64 = map(\row -> norm(row), m)
entry primalNorms(m: [r, c]f64): [r]f64 = rowNormsArray(m)
entry vjpNorms(m: [r, c]f64, w: [r]f64) = vjp(rowNormsArray)(m, w)
entry jvpNorms(m: [r, c]f64, t: [r, c]f64) = jvp(rowNormsArray)(m, t)
def mapMapArray(m: [r, c]f64): [r, c]f64 = map(\row -> map(\x -> x * sin(x), row), m)
entry primalMapMap(m: [r, c]f64): [r, c]f64 = mapMapArray(m)
entry vjpMapMap(m: [r, c]f64, w: [r, c]f64) = vjp(mapMapArray)(m, w)
entry jvpMapMap(m: [r, c]f64, t: [r, c]f64) = jvp(mapMapArray)(m, t)
def rowDotsArray(a: [r, c]f64, b: [r, c]f64): [r]f64 = map2(\x y -> dot(x, y) * sum(x), a, b)
entry primalRowDots(a: [r, c]f64, b: [r, c]f64): [r]f64 = rowDotsArray(a, b)
entry vjpRowDots(a: [r, c]f64, b: [r, c]f64, w: [r]f64) = vjp(rowDotsArray)(a, b, w)
entry jvpRowDots(a: [r, c]f64, b: [r, c]f64, ta: [r, c]f64, tb: [r, c]f64) = jvp(rowDotsArray)(a, b, ta, tb)
entry vjpGeneric(a: [n]f64, s: f64, w: f64) = vjp(generic)(a, s, w)
entry jvpGeneric(a: [n]f64, s: f64, ta: [n]f64, ts: f64) = jvp(generic)(a, s, ta, ts)
entry primalSoftmax(m: [r, c]f64): [r, c]f64 = map(softmax, m)
entry vjpSoftmax(m: [r, c]f64, w: [r, c]f64) = vjp(\x -> map(softmax, x))(m, w)
entry jvpSoftmax(m: [r, c]f64, t: [r, c]f64) = jvp(\x -> map(softmax, x))(m, t)

-- CHECK-VJP-JVP: primalNorms vjpNorms jvpNorms [3,3]
-- CHECK-VJP-JVP: primalMapMap vjpMapMap jvpMapMap [3,3]
-- CHECK-VJP-JVP: primalRowDots vjpRowDots jvpRowDots [2,3] [2,3]
-- CHECK-VJP-JVP: lossGeneric vjpGeneric jvpGeneric [4] []
-- CHECK-VJP-JVP: primalSoftmax vjpSoftmax jvpSoftmax [2,3]
