-- iota with a constant, a size variable, zero, and in arithmetic.
entry five(): [5]i64 = iota(5)

entry like(a: [n]f64): [n]i64 = iota(n)

entry none(): [0]i64 = iota(0)

entry halves(): [4]f64 = f64(iota(4)) * 0.5

entry indexed(a: [n]f64): [n]f64 = a * f64(iota(n))

entry pairs(): [3, 2]i64 = build([3], \i -> iota(2) + i)

-- RUN: --entry five
-- EXPECT: [0, 1, 2, 3, 4]
-- RUN: --entry like
-- INPUT: [9.0, 9.0, 9.0]
-- EXPECT: [0, 1, 2]
-- RUN: --entry like
-- INPUT: empty([0]f64)
-- EXPECT: empty([0]i64)
-- RUN: --entry none
-- EXPECT: empty([0]i64)
-- RUN: --entry halves
-- EXPECT: [0.0, 0.5, 1.0, 1.5]
-- RUN: --entry indexed
-- INPUT: [2.0, 2.0, -2.0]
-- EXPECT: [0.0, 2.0, -4.0]
-- RUN: --entry pairs
-- EXPECT: [[0, 1], [1, 2], [2, 3]]
