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
