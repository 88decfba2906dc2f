-- Array literals of scalars, of arrays and of expressions; nested literals give
-- rank 2 and 3; literal elements combined with parameters.
entry vector(x: f64): [3]f64 = [x, x + 1.0, 2.0 * x]

entry matrix(a: [2]i64, b: [2]i64): [3, 2]i64 = [a, b, a + b]

entry cube(): [2, 2, 2]i64 = [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]

entry bools(x: i64): [3]bool = [x > 0, x == 0, true]

entry indexLiteral(i: i64): i64 = [10, 20, 30][i]

entry tupleElems(x: f64): [2](f64, i64) = [(x, 1), (-x, 2)]

-- RUN: --entry vector
-- INPUT: 1.5
-- EXPECT: [1.5, 2.5, 3.0]
-- RUN: --entry matrix
-- INPUT: [1, 2] [10, 20]
-- EXPECT: [[1, 2], [10, 20], [11, 22]]
-- RUN: --entry matrix
-- INPUT: [1, 2, 3] [10, 20]
-- EXPECT-ERROR: parameter 'a'
-- RUN: --entry cube
-- EXPECT: [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]
-- RUN: --entry bools
-- INPUT: 0
-- EXPECT: [false, true, true]
-- RUN: --entry indexLiteral
-- INPUT: 2
-- EXPECT: 30
-- RUN: --entry indexLiteral
-- INPUT: 3
-- EXPECT: 0
-- RUN: --entry tupleElems
-- INPUT: 0.5
-- EXPECT: [0.5, -0.5]
-- EXPECT: [1, 2]

-- Longer than eight elements: constants become data of the program (every element
-- type), computed elements are stored one by one; reads at computed positions, in
-- range or not, and inside builds.
entry longF64(k: i64): (f64, [4]f64) =
  let a = [0.5, -1.25, 2.0, 1e300, -0.0, 3.5, 7.0, -8.5, 9.0, 10.75]
  in (a[k], build([4], \i -> a[(i * 3 + k) % 10] * 2.0))
entry longF32(x: f32): [10]f32 = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.1] * x
entry longI64(k: i64): (i64, i64) =
  let a = [5, -4, 3, -2, 1, 0, 9223372036854775807, -9223372036854775807, 8, 9]
  in (a[k], sum(a) % 1000)
entry longBool(k: i64): [10]bool =
  let a = [true, false, false, true, true, false, true, false, false, true]
  in build([10], \i -> a[i] != a[(i + k) % 10])
entry longNested(i: i64, j: i64): [2]i64 =
  let m = [[1, 2], [3, 4], [5, 6], [7, 8], [9, 10], [11, 12], [13, 14], [15, 16], [17, 18]]
  in [m[i, j], sum(m[i])]
entry longMixed(x: f64): [12]f64 =
  [x, 1.0, 2.0, x * x, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, -x]
entry longRows(x: [3]f64): [9, 3]f64 =
  [x, x * 2.0, [1.0, 2.0, 3.0], x, -x, [0.0, 0.0, 0.0], x + 1.0, x, [4.0, 5.0, 6.0]]

-- RUN: --entry longF64
-- INPUT: 3
-- EXPECT: 1e+300
-- EXPECT: [2e+300, 14.0, 21.5, 4.0]
-- RUN: --entry longF64
-- INPUT: 10
-- EXPECT: 0.0
-- EXPECT: [1.0, 2e+300, 14.0, 21.5]
-- RUN: --entry longF32
-- INPUT: 3.0
-- EXPECT: [0.3, 0.6, 0.90000004, 1.2, 1.5, 1.8000001, 2.1, 2.4, 2.6999998, 3.3000002]
-- RUN: --entry longI64
-- INPUT: 6
-- EXPECT: 9223372036854775807
-- EXPECT: 20
-- RUN: --entry longBool
-- INPUT: 1
-- EXPECT: [true, false, true, false, true, true, true, false, true, false]
-- RUN: --entry longNested
-- INPUT: 8 1
-- EXPECT: [18, 35]
-- RUN: --entry longNested
-- INPUT: 9 0
-- EXPECT: [0, 0]
-- RUN: --entry longMixed
-- INPUT: 3.0
-- EXPECT: [3.0, 1.0, 2.0, 9.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, -3.0]
-- RUN: --entry longRows
-- INPUT: [1.0, 2.0, 3.0]
-- EXPECT: [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [-1.0, -2.0, -3.0], [0.0, 0.0, 0.0], [2.0, 3.0, 4.0], [1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
