-- Suffix broadcasting (LANGUAGE.md §5): an operand whose shape is a proper
-- suffix of the other's is replicated along the missing leading dimensions, in
-- every arithmetic operator, comparison and binary built-in, either order.
entry bias(a: [b, n]f64, v: [n]f64): ([b, n]f64, [b, n]f64, [b, n]f64, [b, n]f64, [b, n]f64) =
  (a + v, v - a, a * v, v / a, a % v)

entry power(a: [b, n]f64, v: [n]f64): ([b, n]f64, [b, n]f64) = (a ** v, v ** a)

entry compare(a: [b, n]i64, v: [n]i64):
    ([b, n]bool, [b, n]bool, [b, n]bool, [b, n]bool, [b, n]bool, [b, n]bool) =
  (a == v, v != a, a < v, v <= a, a > v, v >= a)

entry builtins(a: [b, n]f64, v: [n]f64): ([b, n]f64, [b, n]f64, [b, n]f64, [b, n]f64) =
  (max(a, v), min(v, a), pow(v, a), atan2(a, v))

-- Rank 3 against rank 1 and rank 2, integers and f32.
entry planes(t: [p, b, n]i64, m: [b, n]i64, v: [n]i64): ([p, b, n]i64, [p, b, n]i64) =
  (t - m, v * t + m)

entry single(t: [p, b, n]f32, v: [n]f32): [p, b, n]f32 = t * v + 1.0

-- Inside a build, and combined with scalar broadcasting.
entry normalise(x: [b, n]f64): [b, n]f64 =
  let mean = sumOuter(x) / f64(b)
  in (x - mean) * 2.0

-- Empty dimensions.
entry emptyRows(a: [b, n]f64, v: [n]f64): [b, n]f64 = a + v

-- RUN: --entry bias
-- INPUT: [[1.0, 2.0, 4.0], [-3.0, 8.0, 0.5]] [2.0, 4.0, -1.0]
-- EXPECT: [[3.0, 6.0, 3.0], [-1.0, 12.0, -0.5]]
-- EXPECT: [[1.0, 2.0, -5.0], [5.0, -4.0, -1.5]]
-- EXPECT: [[2.0, 8.0, -4.0], [-6.0, 32.0, -0.5]]
-- EXPECT: [[2.0, 2.0, -0.25], [-0.6666666666666666, 0.5, -2.0]]
-- EXPECT: [[1.0, 2.0, 0.0], [1.0, 0.0, -0.5]]
-- RUN: --entry power
-- INPUT: [[2.0, 3.0], [0.5, 1.0]] [3.0, 2.0]
-- EXPECT: [[8.0, 9.0], [0.125, 1.0]]
-- EXPECT: [[9.0, 8.0], [1.7320508075688772, 2.0]]
-- RUN: --entry compare
-- INPUT: [[1, 5], [3, 2]] [3, 2]
-- EXPECT: [[false, false], [true, true]]
-- EXPECT: [[true, true], [false, false]]
-- EXPECT: [[true, false], [false, false]]
-- EXPECT: [[false, true], [true, true]]
-- EXPECT: [[false, true], [false, false]]
-- EXPECT: [[true, false], [true, true]]
-- RUN: --entry builtins
-- INPUT: [[1.0, -2.0], [4.0, 0.5]] [2.0, 1.0]
-- EXPECT: [[2.0, 1.0], [4.0, 1.0]]
-- EXPECT: [[1.0, -2.0], [2.0, 0.5]]
-- EXPECT: [[2.0, 1.0], [16.0, 1.0]]
-- EXPECT: [[0.4636476090008061, -1.1071487177940904], [1.1071487177940904, 0.4636476090008061]]
-- RUN: --entry planes
-- INPUT: [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] [[1, 1], [2, 2]] [10, 100]
-- EXPECT: [[[0, 1], [1, 2]], [[4, 5], [5, 6]]]
-- EXPECT: [[[11, 201], [32, 402]], [[51, 601], [72, 802]]]
-- RUN: --entry single
-- INPUT: [[[1.0, 2.0]], [[3.0, 4.0]]] [0.5, 0.25]
-- EXPECT: [[[1.5, 1.5]], [[2.5, 2.0]]]
-- RUN: --entry normalise
-- INPUT: [[1.0, 2.0], [3.0, 6.0]]
-- EXPECT: [[-2.0, -4.0], [2.0, 4.0]]
-- RUN: --entry emptyRows
-- INPUT: empty([0,2]f64) [1.0, 2.0]
-- EXPECT: empty([0,2]f64)
