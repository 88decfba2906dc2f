-- Indexing: full and partial indices, chained indexing, computed indices, indices
-- from other arrays, and size variables used as indices.
entry element(a: [n, m, p]i64, i: i64, j: i64, k: i64): i64 = a[i, j, k]

entry chained(a: [n, m, p]i64, i: i64, j: i64, k: i64): i64 = a[i][j][k]

entry partial(a: [n, m, p]i64, i: i64): [m, p]i64 = a[i]

entry row(a: [n, m, p]i64, i: i64, j: i64): [p]i64 = a[i, j]

entry last(a: [n]f64): f64 = a[n - 1]

entry permuted(a: [n]f64, perm: [n]i64): [n]f64 = build([n], \i -> a[perm[i]])

entry antiDiagonal(a: [n, n]i64): [n]i64 = build([n], \i -> a[i, n - 1 - i])

entry indexExpr(a: [n]i64): i64 = (a * 2)[1] + iota(5)[a[0]]

-- RUN: --entry element
-- INPUT: [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] 1 0 1
-- EXPECT: 6
-- RUN: --entry chained
-- INPUT: [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] 1 0 1
-- EXPECT: 6
-- RUN: --entry chained
-- INPUT: [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] 1 2 1
-- EXPECT: 0
-- RUN: --entry partial
-- INPUT: [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] 0
-- EXPECT: [[1, 2], [3, 4]]
-- RUN: --entry partial
-- INPUT: [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] 2
-- EXPECT: [[0, 0], [0, 0]]
-- RUN: --entry row
-- INPUT: [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] 1 1
-- EXPECT: [7, 8]
-- RUN: --entry last
-- INPUT: [1.0, 2.0, 3.5]
-- EXPECT: 3.5
-- RUN: --entry last
-- INPUT: empty([0]f64)
-- EXPECT: 0.0
-- RUN: --entry permuted
-- INPUT: [1.0, 2.0, 3.0] [2, 0, 1]
-- EXPECT: [3.0, 1.0, 2.0]
-- RUN: --entry antiDiagonal
-- INPUT: [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
-- EXPECT: [3, 5, 7]
-- RUN: --entry indexExpr
-- INPUT: [3, 4]
-- EXPECT: 11
