-- gather: computed indices, sub-array gathers, two-dimensional index spaces, and
-- out-of-range indices (negative or too large) that read zero / false.
entry pick(a: [n]f64, idx: [k]i64): [k]f64 = gather([k], a, \i -> [idx[i]])

entry rows(a: [n, m]i64, idx: [k]i64): [k, m]i64 = gather([k], a, \i -> [idx[i]])

entry diagonal(a: [n, n]f64): [n]f64 = gather([n], a, \i -> [i, i])

entry every2(a: [n]i64): [n]i64 = gather([n], a, \i -> [2 * i])

entry grid(a: [n, m]i64): [2, 2]i64 = gather([2, 2], a, \i j -> [j, i + 1])

entry shifted(a: [n]bool): [3]bool = gather([3], a, \i -> [i - 1])

entry gather3(a: [p, q, r]i64): [2, r]i64 = gather([2], a, \i -> [i, q - 1])

-- RUN: --entry pick
-- INPUT: [10.0, 20.0, 30.0] [2, 0, 0, 1]
-- EXPECT: [30.0, 10.0, 10.0, 20.0]
-- RUN: --entry pick
-- INPUT: [10.0, 20.0, 30.0] [3, -1, 1, 100]
-- EXPECT: [0.0, 0.0, 20.0, 0.0]
-- RUN: --entry pick
-- INPUT: [10.0, 20.0, 30.0] empty([0]i64)
-- EXPECT: empty([0]f64)
-- RUN: --entry pick
-- INPUT: empty([0]f64) [0, -1]
-- EXPECT: [0.0, 0.0]
-- RUN: --entry rows
-- INPUT: [[1, 2], [3, 4], [5, 6]] [2, -1, 0, 3]
-- EXPECT: [[5, 6], [0, 0], [1, 2], [0, 0]]
-- RUN: --entry diagonal
-- INPUT: [[1.0, 2.0], [3.0, 4.0]]
-- EXPECT: [1.0, 4.0]
-- RUN: --entry diagonal
-- INPUT: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
-- EXPECT-ERROR: parameter 'a'
-- RUN: --entry every2
-- INPUT: [1, 2, 3, 4, 5]
-- EXPECT: [1, 3, 5, 0, 0]
-- RUN: --entry grid
-- INPUT: [[1, 2, 3], [4, 5, 6]]
-- EXPECT: [[2, 5], [3, 6]]
-- RUN: --entry grid
-- INPUT: [[1, 2], [3, 4]]
-- EXPECT: [[2, 4], [0, 0]]
-- RUN: --entry shifted
-- INPUT: [true, false]
-- EXPECT: [false, true, false]
-- RUN: --entry shifted
-- INPUT: [true, true]
-- EXPECT: [false, true, true]
-- RUN: --entry gather3
-- INPUT: [[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]
-- EXPECT: [[5, 6], [11, 12]]
-- RUN: --entry gather3
-- INPUT: [[[1, 2], [3, 4]]]
-- EXPECT: [[3, 4], [0, 0]]
