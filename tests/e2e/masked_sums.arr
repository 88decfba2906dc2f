-- Sums of a masked prefix, `sum over c of (if c < e then x else 0.0)`, which the
-- native code runs over c < min(e, n) only: the results must stay exactly the
-- interpreter's, signs of zero included (a -0.0 sum becomes +0.0 when a masked
-- term is skipped, and the empty sum is +0.0).
entry masked(x: [n]f64, e: i64): f64 = sum(build([n], \c -> if c < e then x[c] else 0.0))

entry triangle(a: [n, n]f64): [n]f64 =
  build([n], \r -> sum(build([n], \c -> if c < r then a[r, c] * 2.0 else 0.0)))

-- RUN: --entry masked
-- INPUT: [1.0, 2.0, 4.0] 2
-- EXPECT: 3.0
-- RUN: --entry masked
-- INPUT: [1.0, 2.0, 4.0] 7
-- EXPECT: 7.0
-- RUN: --entry masked
-- INPUT: [1.0, 2.0, 4.0] -3
-- EXPECT: 0.0
-- RUN: --entry masked
-- INPUT: [-0.0, -0.0] 2
-- EXPECT: -0.0
-- RUN: --entry masked
-- INPUT: [-0.0, -0.0] 1
-- EXPECT: 0.0
-- RUN: --entry masked
-- INPUT: empty([0]f64) 1
-- EXPECT: 0.0
-- RUN: --entry masked
-- INPUT: [nan, 1.0] 1
-- EXPECT: nan
-- RUN: --entry triangle
-- INPUT: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]
-- EXPECT: [0.0, 8.0, 30.0]
