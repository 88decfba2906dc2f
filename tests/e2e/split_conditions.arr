-- Loops split where a select's condition on their index changes (loops/Trim.cpp),
-- when the masked value is not a whole term and so cannot be trimmed: a triangle
-- as a gather (a read past the row is zero) and as a masked factor, where the
-- terms past the diagonal are 0.0 * x[j] (NaN for an infinite x[j], which the
-- split must keep); a bonus added below a bound; two conditions (up to four
-- pieces); a condition in an elementwise loop. Exactly the interpreter's results.
entry triangleGather(a: [n, n]f64, x: [n]f64): [n]f64 =
  matvec(gather([n, n], a, \i j -> [i, if j <= i then j else n]), x)
entry maskedFactor(a: [n, n]f64, x: [n]f64): [n]f64 =
  build([n], \i -> sum(build([n], \j -> (if j <= i then a[i, j] else 0.0) * x[j])))
entry bonusBelow(x: [b, n]f64, e: i64): [b]f64 =
  build([b], \k -> sum(build([n], \c -> x[k, c] + (if c < e then 1.0 else 0.0))))
entry twoBounds(x: [b, n]f64, lo: i64, hi: i64): [b]f64 =
  build([b], \k -> sum(build([n], \c -> (if lo <= c then 1.0 else 0.5) * (if c < hi then x[k, c] else 2.0))))
entry lowerOrVector(a: [n, n]f64, x: [n]f64): [n, n]f64 =
  build([n, n], \i j -> if j <= i then a[i, j] * 2.0 else x[j])

-- RUN: --entry triangleGather
-- INPUT: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]] [1.0, 10.0, 100.0]
-- EXPECT: [1.0, 54.0, 987.0]
-- RUN: --entry triangleGather
-- INPUT: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]] [1.0, 10.0, inf]
-- EXPECT: [nan, nan, inf]
-- RUN: --entry maskedFactor
-- INPUT: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]] [1.0, 10.0, 100.0]
-- EXPECT: [1.0, 54.0, 987.0]
-- RUN: --entry maskedFactor
-- INPUT: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]] [1.0, -inf, 100.0]
-- EXPECT: [nan, -inf, -inf]
-- RUN: --entry maskedFactor
-- INPUT: [[-0.0, 2.0], [3.0, -0.0]] [1.0, 1.0]
-- EXPECT: [0.0, 3.0]
-- RUN: --entry bonusBelow
-- INPUT: [[1.0, 2.0, 4.0, 8.0], [0.5, 0.25, 0.125, 0.0625]] 2
-- EXPECT: [17.0, 2.9375]
-- RUN: --entry bonusBelow
-- INPUT: [[1.0, 2.0, 4.0, 8.0], [0.5, 0.25, 0.125, 0.0625]] -3
-- EXPECT: [15.0, 0.9375]
-- RUN: --entry bonusBelow
-- INPUT: [[1.0, 2.0, 4.0, 8.0], [0.5, 0.25, 0.125, 0.0625]] 9
-- EXPECT: [19.0, 4.9375]
-- RUN: --entry twoBounds
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0], [-1.0, -2.0, -4.0, -8.0, -16.0]] 1 3
-- EXPECT: [10.5, -2.5]
-- RUN: --entry twoBounds
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0]] 3 1
-- EXPECT: [6.5]
-- RUN: --entry twoBounds
-- INPUT: [[1.0, 2.0, 4.0, 8.0, 16.0]] -1 9
-- EXPECT: [31.0]
-- RUN: --entry twoBounds
-- INPUT: empty([2, 0]f64) 0 0
-- EXPECT: [0.0, 0.0]
-- RUN: --entry lowerOrVector
-- INPUT: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]] [10.0, 20.0, 30.0]
-- EXPECT: [[2.0, 20.0, 30.0], [8.0, 10.0, 30.0], [14.0, 16.0, 18.0]]
