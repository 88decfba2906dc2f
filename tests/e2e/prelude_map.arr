-- Prelude map, map2 and zipWith with lambdas, named functions, generic prelude
-- functions, captured variables, and element types that change.
def double(x: f64): f64 = 2.0 * x

def hyp(x: f64, y: f64): f64 = sqrt(x * x + y * y)

entry doubled(a: [n]f64): [n]f64 = map(double, a)

entry lambda(a: [n]f64): [n]f64 = map(\x -> x * x - 1.0, a)

entry captured(a: [n]f64, s: f64): [n]f64 = map(\x -> x * s, a)

entry positive(a: [n]f64): [n]bool = map(\x -> x > 0.0, a)

entry toFloat(a: [n]i64): [n]f64 = map(\x -> f64(x) / 2.0, a)

entry relus(a: [n]f64): [n]f64 = map(relu, a)

entry rowSums(a: [n, m]i64): [n]i64 = map(sum, a)

entry pairs(a: [n]f64, b: [n]f64): ([n]f64, [n]f64) = (map2(hyp, a, b), zipWith(\x y -> x - y, a, b))

entry mixed(a: [n]i64, b: [n]f64): [n]f64 = map2(\k x -> f64(k) * x, a, b)

entry nested(a: [n, m]f64): [n, m]f64 = map(\row -> map(\x -> x + 1.0, row), a)

-- RUN: --entry doubled
-- INPUT: [1.0, -2.5]
-- EXPECT: [2.0, -5.0]
-- RUN: --entry lambda
-- INPUT: [1.0, 2.0, 0.5]
-- EXPECT: [0.0, 3.0, -0.75]
-- RUN: --entry captured
-- INPUT: [1.0, 2.0, 3.0] 0.5
-- EXPECT: [0.5, 1.0, 1.5]
-- RUN: --entry captured
-- INPUT: empty([0]f64) 0.5
-- EXPECT: empty([0]f64)
-- RUN: --entry positive
-- INPUT: [1.0, -1.0, 0.0]
-- EXPECT: [true, false, false]
-- RUN: --entry toFloat
-- INPUT: [1, -3, 4]
-- EXPECT: [0.5, -1.5, 2.0]
-- RUN: --entry relus
-- INPUT: [-1.5, 0.0, 2.0]
-- EXPECT: [0.0, 0.0, 2.0]
-- RUN: --entry rowSums
-- INPUT: [[1, 2, 3], [4, 5, 6]]
-- EXPECT: [6, 15]
-- RUN: --entry pairs
-- INPUT: [3.0, 5.0, 0.0] [4.0, 12.0, -2.0]
-- EXPECT: [5.0, 13.0, 2.0]
-- EXPECT: [-1.0, -7.0, 2.0]
-- RUN: --entry pairs
-- INPUT: [3.0] [4.0, 1.0]
-- EXPECT-ERROR: disagree
-- RUN: --entry mixed
-- INPUT: [2, -1] [0.25, 3.0]
-- EXPECT: [0.5, -3.0]
-- RUN: --entry nested
-- INPUT: [[1.0, 2.0], [3.0, 4.0]]
-- EXPECT: [[2.0, 3.0], [4.0, 5.0]]
