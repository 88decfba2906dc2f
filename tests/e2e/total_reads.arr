-- Totality: out-of-range reads (index n, index -1, far away) yield 0, 0.0 or
-- false, and out-of-range sub-array reads yield zero rows.
entry at(a: [n]f64, i: i64): f64 = a[i]

entry atBool(a: [n]bool, i: i64): bool = a[i]

entry atInt(a: [n]i64, i: i64): i64 = a[i]

entry at32(a: [n]f32, i: i64): f32 = a[i]

entry row(a: [n, m]f64, i: i64): [m]f64 = a[i]

entry rowBool(a: [n, m]bool, i: i64): [m]bool = a[i]

entry at2(a: [n, m]i64, i: i64, j: i64): i64 = a[i, j]

entry plane(a: [n, m, p]i64, i: i64, j: i64): [p]i64 = a[i, j]

-- Reads around the edges, as a stencil would do.
entry neighbours(a: [n]i64): [n]i64 = build([n], \i -> a[i - 1] + a[i + 1])

-- RUN: --entry at
-- INPUT: [1.0, 2.0, 3.0] 3
-- EXPECT: 0.0
-- RUN: --entry at
-- INPUT: [1.0, 2.0, 3.0] -1
-- EXPECT: 0.0
-- RUN: --entry at
-- INPUT: [1.0, 2.0, 3.0] 2
-- EXPECT: 3.0
-- RUN: --entry at
-- INPUT: [1.0, 2.0, 3.0] 0
-- EXPECT: 1.0
-- RUN: --entry at
-- INPUT: [1.0, 2.0, 3.0] 1000000
-- EXPECT: 0.0
-- RUN: --entry at
-- INPUT: [1.0, 2.0, 3.0] -9223372036854775808
-- EXPECT: 0.0
-- RUN: --entry at
-- INPUT: empty([0]f64) 0
-- EXPECT: 0.0
-- RUN: --entry atBool
-- INPUT: [true, true] 2
-- EXPECT: false
-- RUN: --entry atBool
-- INPUT: [true, true] -1
-- EXPECT: false
-- RUN: --entry atBool
-- INPUT: [false, true] 1
-- EXPECT: true
-- RUN: --entry atInt
-- INPUT: [5, 6] 2
-- EXPECT: 0
-- RUN: --entry atInt
-- INPUT: [5, 6] -1
-- EXPECT: 0
-- RUN: --entry at32
-- INPUT: [0.5] 1
-- EXPECT: 0.0
-- RUN: --entry row
-- INPUT: [[1.0, 2.0], [3.0, 4.0]] 2
-- EXPECT: [0.0, 0.0]
-- RUN: --entry row
-- INPUT: [[1.0, 2.0], [3.0, 4.0]] -1
-- EXPECT: [0.0, 0.0]
-- RUN: --entry row
-- INPUT: [[1.0, 2.0], [3.0, 4.0]] 1
-- EXPECT: [3.0, 4.0]
-- RUN: --entry rowBool
-- INPUT: [[true, true, true]] 1
-- EXPECT: [false, false, false]
-- RUN: --entry at2
-- INPUT: [[1, 2], [3, 4]] 0 2
-- EXPECT: 0
-- RUN: --entry at2
-- INPUT: [[1, 2], [3, 4]] 1 -1
-- EXPECT: 0
-- RUN: --entry at2
-- INPUT: [[1, 2], [3, 4]] 2 0
-- EXPECT: 0
-- RUN: --entry at2
-- INPUT: [[1, 2], [3, 4]] 1 1
-- EXPECT: 4
-- RUN: --entry plane
-- INPUT: [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] 1 0
-- EXPECT: [5, 6]
-- RUN: --entry plane
-- INPUT: [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] 1 2
-- EXPECT: [0, 0]
-- RUN: --entry plane
-- INPUT: [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] -1 0
-- EXPECT: [0, 0]
-- RUN: --entry neighbours
-- INPUT: [1, 10, 100, 1000]
-- EXPECT: [10, 101, 1010, 100]
-- RUN: --entry neighbours
-- INPUT: [7]
-- EXPECT: [0]
