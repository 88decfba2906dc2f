-- Sums over ranges that one end of moves with the loops around them, of terms those
-- loops do not change: the tabulate pass reads them from a table of suffix or prefix
-- sums built once (loops/Tabulate.cpp). A triangle read as a gather adds 0.0 * x[j]
-- past the diagonal: an infinite x[j] makes every row before it NaN, and a negative
-- x[j] a -0.0 term (a row of -0.0 terms sums to -0.0). Scans written as masked builds
-- (inclusive, exclusive, of a batch's rows), a suffix read past the end (zero there), a
-- suffix product and a running maximum. Results are the interpreter's.
entry triangleGather(a: [n, n]f64, x: [n]f64): [n]f64 =
  matvec(gather([n, n], a, \i j -> [i, if j <= i then j else n]), x)
entry inclusive(a: [n]i64): [n]i64 =
  build([n], \i -> sum(build([n], \j -> if j <= i then a[j] else 0)))
entry exclusive(a: [n]f64): [n]f64 =
  build([n], \i -> sum(build([n], \j -> if j < i then a[j] else 0.0)))
entry shiftedSuffix(x: [n]f64): [n]f64 =
  build([n], \i -> sum(build([n], \j -> if i <= j then x[j + 1] * 2.0 else 0.0)))
entry rowSuffixes(x: [b, n]f64): [b, n]f64 =
  build([b, n], \k i -> sum(build([n], \j -> if i <= j then x[k, j] * x[k, j] else 0.0)))
entry suffixProduct(x: [n]f64): [n]f64 =
  build([n], \i -> product(build([n], \j -> if i <= j then x[j] else 1.0)))
-- Terms that read a loop's state change from step to step: no table before the loop.
entry foldState(x: [m, n]i64): [m]i64 =
  build([m], \k -> iterate(n, \i s -> s + sum(build([n], \j -> if i <= j then x[k, j] * s else 0)), 1))
entry scanState(x: [m, n]f64): [m, n]f64 =
  build([m], \k -> scan(\s i -> s + sum(build([n], \j -> if i <= j then x[k, j] * s else 0.0)), 1.0, iota(n)))
entry runningMax(a: [n]f64): [n]f64 =
  build([n], \i -> maxOuter(build([n], \j -> if j <= i then a[j] else a[0])))

-- RUN: --entry triangleGather
-- INPUT: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]] [1.0, inf, -2.0]
-- EXPECT: [nan, inf, inf]

-- RUN: --entry triangleGather
-- INPUT: [[1.0, 2.0, 3.0, 4.0], [4.0, 5.0, 6.0, 7.0], [7.0, 8.0, 9.0, 1.0], [2.0, 0.5, -1.0, 3.0]] [-1.0, -2.0, 3.0, -0.5]
-- EXPECT: [-1.0, -14.0, 4.0, -7.5]

-- RUN: --entry triangleGather
-- INPUT: [[-0.0, 2.0], [4.0, -0.0]] [-1.0, -2.0]
-- EXPECT: [0.0, -4.0]

-- RUN: --entry triangleGather
-- INPUT: empty([0,0]f64) empty([0]f64)
-- EXPECT: empty([0]f64)

-- RUN: --entry inclusive
-- INPUT: [3, -1, 4, 1, -5, 9]
-- EXPECT: [3, 2, 6, 7, 2, 11]

-- RUN: --entry inclusive
-- INPUT: empty([0]i64)
-- EXPECT: empty([0]i64)

-- RUN: --entry exclusive
-- INPUT: [0.5, -0.0, 0.25, nan, 2.0]
-- EXPECT: [0.0, 0.5, 0.5, 0.75, nan]

-- RUN: --entry exclusive
-- INPUT: [-0.0, -0.0, 1.0]
-- EXPECT: [0.0, 0.0, 0.0]

-- RUN: --entry shiftedSuffix
-- INPUT: [1.0, -2.0, 3.0, 0.5]
-- EXPECT: [3.0, 7.0, 1.0, 0.0]

-- RUN: --entry shiftedSuffix
-- INPUT: [-4.0]
-- EXPECT: [0.0]

-- RUN: --entry rowSuffixes
-- INPUT: [[1.0, -2.0, 3.0], [0.5, 0.25, -1.0]]
-- EXPECT: [[14.0, 13.0, 9.0], [1.3125, 1.0625, 1.0]]

-- RUN: --entry rowSuffixes
-- INPUT: empty([2,0]f64)
-- EXPECT: empty([2,0]f64)

-- RUN: --entry suffixProduct
-- INPUT: [2.0, -0.5, 4.0, 0.0, 3.0]
-- EXPECT: [-0.0, -0.0, 0.0, 0.0, 3.0]

-- RUN: --entry runningMax
-- INPUT: [-3.0, 1.0, -inf, 4.0, 2.0]
-- EXPECT: [-3.0, 1.0, 1.0, 4.0, 4.0]

-- RUN: --entry foldState
-- INPUT: [[1, 2, 3], [-1, 0, 2]]
-- EXPECT: [168, 18]

-- RUN: --entry scanState
-- INPUT: [[1.0, 2.0, 3.0], [0.5, -0.25, 2.0]]
-- EXPECT: [[7.0, 42.0, 168.0], [3.25, 8.9375, 26.8125]]
