-- build in two, three and four dimensions, bodies that are arrays, nested builds.
entry table(): [3, 4]i64 = build([3, 4], \i j -> 10 * i + j)

entry scale(a: [n, m]f64, v: [m]f64): [n, m]f64 = build([n, m], \i j -> a[i, j] * v[j])

entry cube(): [2, 3, 2]i64 = build([2, 3, 2], \i j k -> 100 * i + 10 * j + k)

-- The body has shape [3], so the result is [n, 3].
entry rows(a: [n]f64): [n, 3]f64 = build([n], \i -> a[i] * [1.0, 2.0, 3.0])

entry nested(): [2, 2, 3]i64 = build([2], \i -> build([2, 3], \j k -> i + j * k))

entry hollow(): [0, 3]i64 = build([0, 3], \i j -> i + j)

entry wide(): [2, 0]f64 = build([2], \i -> build([0], \j -> 1.0))

entry four(): [2, 1, 2, 2]i64 = build([2, 1, 2, 2], \a b c d -> 8 * a + 4 * b + 2 * c + d)

-- RUN: --entry table
-- EXPECT: [[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]]
-- RUN: --entry scale
-- INPUT: [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
-- INPUT: [2.0, 0.5]
-- EXPECT: [[2.0, 1.0], [6.0, 2.0], [10.0, 3.0]]
-- RUN: --entry scale
-- INPUT: [[1.0, 2.0, 3.0]] [-1.0, 0.0, 1.0]
-- EXPECT: [[-1.0, 0.0, 3.0]]
-- RUN: --entry scale
-- INPUT: [[1.0, 2.0], [3.0, 4.0]] [1.0, 2.0, 3.0]
-- EXPECT-ERROR: disagree
-- RUN: --entry cube
-- EXPECT: [[[0, 1], [10, 11], [20, 21]], [[100, 101], [110, 111], [120, 121]]]
-- RUN: --entry rows
-- INPUT: [1.0, -2.0]
-- EXPECT: [[1.0, 2.0, 3.0], [-2.0, -4.0, -6.0]]
-- RUN: --entry rows
-- INPUT: empty([0]f64)
-- EXPECT: empty([0,3]f64)
-- RUN: --entry nested
-- EXPECT: [[[0, 0, 0], [0, 1, 2]], [[1, 1, 1], [1, 2, 3]]]
-- RUN: --entry hollow
-- EXPECT: empty([0,3]i64)
-- RUN: --entry wide
-- EXPECT: empty([2,0]f64)
-- RUN: --entry four
-- EXPECT: [[[[0, 1], [2, 3]]], [[[8, 9], [10, 11]]]]
