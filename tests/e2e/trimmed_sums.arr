-- Sums masked by a comparison of their index with a bound, which the native code
-- runs only over the indices the masks keep (loops/Trim.cpp): suffixes, bands
-- (nested ifs and &&), integers, and upper triangles, whose rows unroll-and-jam
-- interleaves four at a time (their loop covers the union of four ranges). The sums
-- may also accumulate into the elements of an array (lowerOuter, upperOuter: masked
-- sums of outer products, as in the GMM gradient). The results must be exactly the
-- interpreter's, signs of zero included: a masked term adds +0.0, which turns a -0.0
-- sum into 0.0. A bound at i64's limits (e + 1 for e the greatest i64) must not wrap
-- around: the trimmed range is computed saturated.
entry suffixRows(x: [b, n]f64, e: i64): [b]f64 =
  build([b], \k -> sum(build([n], \c -> if e < c then x[k, c] else 0.0)))
entry suffixElseRows(x: [b, n]f64, e: i64): [b]f64 =
  build([b], \k -> sum(build([n], \c -> if c + 1 <= e then 0.0 else x[k, c])))
entry isuffixRows(x: [b, n]i64, e: i64): [b]i64 =
  build([b], \k -> sum(build([n], \c -> if c > e then x[k, c] else 0)))
entry bandRows(x: [b, n]f64, lo: i64, hi: i64): [b]f64 =
  build([b], \k -> sum(build([n], \c -> if c >= lo then (if c < hi then x[k, c] else 0.0) else 0.0)))
entry bandAnd(x: [b, n]f64, lo: i64, hi: i64): [b]f64 =
  build([b], \k -> sum(build([n], \c -> if lo <= c && c < hi then x[k, c] else 0.0)))
entry prefixRows(x: [b, n]f64, e: i64): [b]f64 =
  build([b], \k -> sum(build([n], \c -> if c <= e then x[k, c] else 0.0)))
entry shiftedPrefixRows(x: [b, n]f64, e: i64): [b]f64 =
  build([b], \k -> sum(build([n], \c -> if c + 2 < e then x[k, c] else 0.0)))
entry upperTriangles(a: [b, n, n]f64): [b, n]f64 =
  build([b, n], \k r -> sum(build([n], \c -> if r < c then a[k, r, c] * 2.0 else 0.0)))
entry lowerOuter(a: [m, n]f64, b: [m, n]f64): [n, n]f64 =
  build([n, n], \i j -> sum(build([m], \r -> if j < i then a[r, i] * b[r, j] else 0.0)))
entry upperOuter(a: [m, n]f64, b: [m, n]f64): [n, n]f64 =
  build([n, n], \i j -> sum(build([m], \r -> if j > i then a[r, i] * b[r, j] else 0.0)))

-- RUN: --entry suffixRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 1
-- EXPECT: [28.0, 0.0]
-- RUN: --entry suffixElseRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 1
-- EXPECT: [30.0, 0.0]
-- RUN: --entry suffixRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] -1
-- EXPECT: [31.0, -0.0]
-- RUN: --entry suffixElseRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] -1
-- EXPECT: [31.0, -0.0]
-- RUN: --entry suffixRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 7
-- EXPECT: [0.0, 0.0]
-- RUN: --entry suffixElseRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 7
-- EXPECT: [0.0, 0.0]
-- RUN: --entry suffixRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 4
-- EXPECT: [0.0, 0.0]
-- RUN: --entry suffixElseRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 4
-- EXPECT: [16.0, 0.0]
-- RUN: --entry suffixRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 0
-- EXPECT: [30.0, 0.0]
-- RUN: --entry suffixElseRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 0
-- EXPECT: [31.0, -0.0]
-- RUN: --entry bandRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 1 3
-- EXPECT: [6.0, 0.0]
-- RUN: --entry bandAnd
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 1 3
-- EXPECT: [6.0, 0.0]
-- RUN: --entry bandRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] -2 9
-- EXPECT: [31.0, -0.0]
-- RUN: --entry bandAnd
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] -2 9
-- EXPECT: [31.0, -0.0]
-- RUN: --entry bandRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 3 1
-- EXPECT: [0.0, 0.0]
-- RUN: --entry bandAnd
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 3 1
-- EXPECT: [0.0, 0.0]
-- RUN: --entry bandRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 0 5
-- EXPECT: [31.0, -0.0]
-- RUN: --entry bandAnd
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 0 5
-- EXPECT: [31.0, -0.0]
-- RUN: --entry bandRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 2 2
-- EXPECT: [0.0, 0.0]
-- RUN: --entry bandAnd
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 2 2
-- EXPECT: [0.0, 0.0]
-- RUN: --entry isuffixRows
-- INPUT: [[1, 2, 3], [4, 5, 6]] 0
-- EXPECT: [5, 11]
-- RUN: --entry isuffixRows
-- INPUT: [[1, 2, 3], [4, 5, 6]] -5
-- EXPECT: [6, 15]
-- RUN: --entry isuffixRows
-- INPUT: [[1, 2, 3], [4, 5, 6]] 2
-- EXPECT: [0, 0]
-- RUN: --entry upperTriangles
-- INPUT: [[[1.0, 2.0, 3.0, 4.0, 5.0], [-0.0, -0.0, -0.0, -0.0, -0.0], [1.0, 1.0, 1.0, 1.0, 1.0], [-1.0, 2.5, -0.0, 3.0, 0.5], [7.0, 7.0, 7.0, 7.0, -0.0]]]
-- EXPECT: [[28.0, 0.0, 4.0, 1.0, 0.0]]
-- RUN: --entry upperTriangles
-- INPUT: [[[3.0, 1.5, -0.5, 1.5, 4.75, -0.5, 4.75, -0.5, -0.5], [3.0, -0.0, 4.75, -2.25, 4.75, 0.0, -0.5, -0.0, 0.0], [-0.0, 1.5, -2.25, 4.75, 0.0, -2.25, 3.0, -0.0, 3.0], [0.0, -0.0, -0.5, 0.0, -2.25, 1.5, 0.0, 4.75, 4.75], [-2.25, 0.0, 4.75, 4.75, -0.0, 0.0, 3.0, 3.0, -2.25], [0.0, 0.0, -0.0, 4.75, -0.0, 0.0, 4.75, 0.0, 0.0], [4.75, 0.0, 1.5, 1.5, 0.0, 3.0, -0.5, -0.5, 0.0], [0.0, -0.5, 0.0, -2.25, 1.5, -0.0, 1.5, -2.25, 0.0], [0.0, 1.5, -0.0, 1.5, 1.5, 4.75, 3.0, 3.0, -0.0]], [[3.0, -0.5, -0.5, 1.5, -0.0, 1.5, 1.5, 4.75, 1.5], [-2.25, -0.5, 1.5, 0.0, -2.25, -2.25, -0.5, 0.0, -0.0], [1.5, -0.0, -0.5, 1.5, 4.75, -2.25, -0.0, 3.0, 4.75], [-2.25, 1.5, -2.25, 3.0, 4.75, -0.0, -2.25, -0.0, -0.5], [0.0, 3.0, 0.0, -0.0, 4.75, 0.0, 4.75, -2.25, 1.5], [3.0, 1.5, 3.0, 1.5, 4.75, -2.25, -0.0, 3.0, -0.5], [4.75, 4.75, 1.5, 4.75, 1.5, -0.0, -2.25, -0.0, 0.0], [1.5, 3.0, 3.0, 1.5, 0.0, 1.5, 1.5, -0.5, 3.0], [-0.0, 1.5, -0.5, 1.5, 1.5, 0.0, 4.75, -0.0, -0.5]]]
-- EXPECT: [[21.0, 13.5, 17.0, 17.5, 7.5, 9.5, -1.0, 0.0, 0.0], [19.5, -7.0, 23.5, 4.0, 8.0, 5.0, 0.0, 6.0, 0.0]]
-- RUN: --entry upperTriangles
-- INPUT: empty([2, 0, 0]f64)
-- EXPECT: empty([2,0]f64)
-- RUN: --entry lowerOuter
-- INPUT: [[1.0, -0.0, 2.0], [-0.0, 3.0, -1.0]] [[-0.0, 2.0, 1.0], [4.0, -0.0, 0.5]]
-- EXPECT: [[0.0, 0.0, 0.0], [12.0, 0.0, 0.0], [-4.0, 4.0, 0.0]]
-- RUN: --entry upperOuter
-- INPUT: [[1.0, -0.0, 2.0], [-0.0, 3.0, -1.0]] [[-0.0, 2.0, 1.0], [4.0, -0.0, 0.5]]
-- EXPECT: [[0.0, 2.0, 1.0], [0.0, 0.0, 1.5], [0.0, 0.0, 0.0]]
-- RUN: --entry lowerOuter
-- INPUT: [[1.0, 1.0], [1.0, 1.0]] [[-0.0, -0.0], [-0.0, -0.0]]
-- EXPECT: [[0.0, 0.0], [-0.0, 0.0]]
-- RUN: --entry upperOuter
-- INPUT: [[1.0, 1.0], [1.0, 1.0]] [[-0.0, -0.0], [-0.0, -0.0]]
-- EXPECT: [[0.0, -0.0], [0.0, 0.0]]
-- RUN: --entry lowerOuter
-- INPUT: empty([0, 3]f64) empty([0, 3]f64)
-- EXPECT: [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
-- RUN: --entry upperOuter
-- INPUT: empty([0, 3]f64) empty([0, 3]f64)
-- EXPECT: [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]

-- RUN: --entry suffixRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 9223372036854775807
-- EXPECT: [0.0, 0.0]

-- RUN: --entry prefixRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 9223372036854775807
-- EXPECT: [31.0, -0.0]

-- RUN: --entry shiftedPrefixRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 9223372036854775807
-- EXPECT: [31.0, -0.0]

-- RUN: --entry suffixRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] -9223372036854775808
-- EXPECT: [31.0, -0.0]

-- RUN: --entry prefixRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] -9223372036854775808
-- EXPECT: [0.0, 0.0]

-- RUN: --entry shiftedPrefixRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] -9223372036854775808
-- EXPECT: [0.0, 0.0]

-- RUN: --entry suffixRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 2
-- EXPECT: [24.0, 0.0]

-- RUN: --entry prefixRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 2
-- EXPECT: [7.0, 0.0]

-- RUN: --entry shiftedPrefixRows
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-0.0, -0.0, -0.0, -0.0, -0.0]] 2
-- EXPECT: [0.0, 0.0]
