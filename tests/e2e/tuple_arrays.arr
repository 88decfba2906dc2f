-- Arrays of tuples are tuples of arrays: a build returning a tuple, indexing a
-- [n](f64, i64) parameter (also out of range), gathering and mapping over them.
entry unzip(n2: [n]f64): [n](f64, i64) = build([n], \i -> (n2[i] * 2.0, i))

entry at(q: [n](f64, i64), k: i64): (f64, i64) = q[k]

entry components(q: [n](f64, i64)): ([n]f64, [n]i64) = (q.0, q.1)

entry weighted(q: [n](f64, i64)): f64 = sum(build([n], \i -> q[i].0 * f64(q[i].1)))

entry grid(): [2, 2](i64, bool) = build([2, 2], \i j -> (i * 10 + j, i == j))

entry swapped(q: [n](f64, i64)): [n](i64, f64) = build([n], \i -> (q.1[i], q.0[i]))

entry reversed(q: [n](f64, i64)): [n](f64, i64) = gather([n], q, \i -> [n - 1 - i])

-- RUN: --entry unzip
-- INPUT: [1.5, -1.0, 0.0]
-- EXPECT: [3.0, -2.0, 0.0]
-- EXPECT: [0, 1, 2]
-- RUN: --entry at
-- INPUT: [1.5, 2.5] [10, 20] 1
-- EXPECT: 2.5
-- EXPECT: 20
-- RUN: --entry at
-- INPUT: [1.5, 2.5] [10, 20] 2
-- EXPECT: 0.0
-- EXPECT: 0
-- RUN: --entry at
-- INPUT: [1.5, 2.5] [10, 20] -1
-- EXPECT: 0.0
-- EXPECT: 0
-- RUN: --entry at
-- INPUT: [1.5, 2.5] [10, 20, 30] 0
-- EXPECT-ERROR: disagree
-- RUN: --entry components
-- INPUT: [0.5] [3]
-- EXPECT: [0.5]
-- EXPECT: [3]
-- RUN: --entry weighted
-- INPUT: [0.5, 2.0, 1.0] [4, -1, 0]
-- EXPECT: 0.0
-- RUN: --entry weighted
-- INPUT: [0.5, 2.0, 1.0] [4, 1, 3]
-- EXPECT: 7.0
-- RUN: --entry grid
-- EXPECT: [[0, 1], [10, 11]]
-- EXPECT: [[true, false], [false, true]]
-- RUN: --entry swapped
-- INPUT: [0.5, 0.25] [1, 2]
-- EXPECT: [1, 2]
-- EXPECT: [0.5, 0.25]
-- RUN: --entry reversed
-- INPUT: [0.5, 0.25, 0.125] [1, 2, 3]
-- EXPECT: [0.125, 0.25, 0.5]
-- EXPECT: [3, 2, 1]
