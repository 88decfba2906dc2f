-- replicate: scalars, vectors, a size-variable count, a zero count, bools.
entry r1(x: f64): [3]f64 = replicate(3, x)

entry r2(a: [n]i64): [2, n]i64 = replicate(2, a)

entry square(a: [n]i64): [n, n]i64 = replicate(n, a)

entry none(a: [n]bool): [0, n]bool = replicate(0, a)

entry twice(b: bool): [2, 1]bool = replicate(2, replicate(1, b))

entry matrix(a: [n, m]f32): [2, n, m]f32 = replicate(2, a)

-- RUN: --entry r1
-- INPUT: 2.5
-- EXPECT: [2.5, 2.5, 2.5]
-- RUN: --entry r2
-- INPUT: [1, 2, 3]
-- EXPECT: [[1, 2, 3], [1, 2, 3]]
-- RUN: --entry square
-- INPUT: [1, 2]
-- EXPECT: [[1, 2], [1, 2]]
-- RUN: --entry square
-- INPUT: empty([0]i64)
-- EXPECT: empty([0,0]i64)
-- RUN: --entry none
-- INPUT: [true, false]
-- EXPECT: empty([0,2]bool)
-- RUN: --entry twice
-- INPUT: true
-- EXPECT: [[true], [true]]
-- RUN: --entry matrix
-- INPUT: [[0.1, 0.2]]
-- EXPECT: [[[0.1, 0.2]], [[0.1, 0.2]]]
