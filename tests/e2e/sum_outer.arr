-- sumOuter at ranks 1 to 3, of empty dimensions (zero), and in f32.
entry s1(a: [n]f64): f64 = sumOuter(a)

entry s2(a: [n, m]i64): [m]i64 = sumOuter(a)

entry s3(a: [n, m, p]f64): [m, p]f64 = sumOuter(a)

entry s32(a: [n]f32): f32 = sumOuter(a)

entry inner(a: [n, m]i64): [n]i64 = build([n], \i -> sumOuter(a[i]))

-- RUN: --entry s1
-- INPUT: [1.0, 2.5, -0.5]
-- EXPECT: 3.0
-- RUN: --entry s1
-- INPUT: empty([0]f64)
-- EXPECT: 0.0
-- RUN: --entry s2
-- INPUT: [[1, 2], [3, 4], [5, 6]]
-- EXPECT: [9, 12]
-- RUN: --entry s2
-- INPUT: empty([0,3]i64)
-- EXPECT: [0, 0, 0]
-- RUN: --entry s2
-- INPUT: empty([2,0]i64)
-- EXPECT: empty([0]i64)
-- RUN: --entry s3
-- INPUT: [[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]]
-- EXPECT: [[6.0, 8.0], [10.0, 12.0]]
-- RUN: --entry s32
-- INPUT: [0.1, 0.2]
-- EXPECT: 0.3
-- RUN: --entry s32
-- INPUT: empty([0]f32)
-- EXPECT: 0.0
-- RUN: --entry inner
-- INPUT: [[1, 2, 3], [4, 5, 6]]
-- EXPECT: [6, 15]
