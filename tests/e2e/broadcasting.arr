-- A scalar combined with an array of any shape is replicated, for arithmetic,
-- comparisons and the binary built-ins; equal shapes combine elementwise.
entry add(a: [n, m]f64, s: f64): ([n, m]f64, [n, m]f64) = (a + s, s - a)

entry cmp(a: [n]i64, t: i64): ([n]bool, [n]bool) = (a > t, t == a)

entry builtins(a: [n]f64): ([n]f64, [n]f64) = (max(a, 0.0), pow(2.0, a))

entry rank3(a: [p, q, r]i64): [p, q, r]i64 = 2 * a + a % 2

entry logical(a: [n]bool, b: bool): ([n]bool, [n]bool) = (a && b, b || a)

entry elementwise(a: [n, m]f64, b: [n, m]f64): [n, m]f64 = a * b - a / b

-- RUN: --entry add
-- INPUT: [[1.0, 2.0], [3.0, 4.0]] 0.5
-- EXPECT: [[1.5, 2.5], [3.5, 4.5]]
-- EXPECT: [[-0.5, -1.5], [-2.5, -3.5]]
-- RUN: --entry cmp
-- INPUT: [1, 5, 3] 3
-- EXPECT: [false, true, false]
-- EXPECT: [false, false, true]
-- RUN: --entry builtins
-- INPUT: [-1.0, 3.0]
-- EXPECT: [0.0, 3.0]
-- EXPECT: [0.5, 8.0]
-- RUN: --entry rank3
-- INPUT: [[[1, 2]], [[-3, 4]]]
-- EXPECT: [[[3, 4]], [[-5, 8]]]
-- RUN: --entry logical
-- INPUT: [true, false] true
-- EXPECT: [true, false]
-- EXPECT: [true, true]
-- RUN: --entry logical
-- INPUT: [true, false] false
-- EXPECT: [false, false]
-- EXPECT: [true, false]
-- RUN: --entry elementwise
-- INPUT: [[1.0, 2.0]] [[2.0, 0.5]]
-- EXPECT: [[1.5, -3.0]]
