-- scatter: collisions are added, out-of-range targets (negative or too large) are
-- dropped, scattering rows, two-dimensional targets, f32 accumulation.
entry histogram(idx: [k]i64): [4]i64 = scatter([4], build([k], \i -> 1), \i -> [idx[i]])

entry addAt(a: [k]f64, idx: [k]i64): [3]f64 = scatter([3], a, \i -> [idx[i]])

entry foldRows(a: [k, 2]i64): [2, 2]i64 = scatter([2], a, \i -> [i % 2])

entry transposed(a: [n, m]i64): [m, n]i64 = scatter([m, n], a, \i j -> [j, i])

entry clipped(a: [n, m]i64): [2, 2]i64 = scatter([2, 2], a, \i j -> [i - 1, j])

entry single(a: [k]f32): [2]f32 = scatter([2], a, \i -> [0])

entry toEmpty(a: [k]f64): [0]f64 = scatter([0], a, \i -> [i])

-- RUN: --entry histogram
-- INPUT: [0, 1, 1, 3, 3, 3, 2, 1]
-- EXPECT: [1, 3, 1, 3]
-- RUN: --entry histogram
-- INPUT: [5, -1, 0, 4, 2]
-- EXPECT: [1, 0, 1, 0]
-- RUN: --entry histogram
-- INPUT: empty([0]i64)
-- EXPECT: [0, 0, 0, 0]
-- RUN: --entry addAt
-- INPUT: [1.5, 2.0, 0.25, 8.0] [2, 2, 0, 3]
-- EXPECT: [0.25, 0.0, 3.5]
-- RUN: --entry addAt
-- INPUT: [1.0, 2.0] [-1, 1]
-- EXPECT: [0.0, 2.0, 0.0]
-- RUN: --entry addAt
-- INPUT: [1.0, 2.0] [1]
-- EXPECT-ERROR: disagree
-- RUN: --entry foldRows
-- INPUT: [[1, 2], [3, 4], [5, 6]]
-- EXPECT: [[6, 8], [3, 4]]
-- RUN: --entry transposed
-- INPUT: [[1, 2, 3], [4, 5, 6]]
-- EXPECT: [[1, 4], [2, 5], [3, 6]]
-- RUN: --entry clipped
-- INPUT: [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
-- EXPECT: [[4, 5], [7, 8]]
-- RUN: --entry single
-- INPUT: [0.1, 0.2]
-- EXPECT: [0.3, 0.0]
-- RUN: --entry toEmpty
-- INPUT: [1.0, 2.0]
-- EXPECT: empty([0]f64)
