-- Empty arrays as inputs and outputs, at every element type and with an empty
-- inner or outer dimension; arithmetic and reductions on them.
entry idF64(a: [n]f64): [n]f64 = a

entry idI64(a: [n, m]i64): [n, m]i64 = a

entry idBool(a: [n, m, p]bool): [n, m, p]bool = a

entry idF32(a: [n]f32): [n]f32 = a

entry arith(a: [n, m]f64): ([n, m]f64, [m]f64, [n]f64) = (a * 2.0 + 1.0, sumOuter(a), map(sum, a))

entry makeEmpty(): ([0]f64, [3, 0]i64, [0, 2]bool, [2, 0, 2]f32) =
  (build([0], \i -> 1.0), build([3, 0], \i j -> i), build([0, 2], \i j -> true), build([2, 0, 2], \i j k -> f32(1)))

entry mixed(a: [n]f64, b: [m]f64): f64 = sum(a) + sum(b)

-- RUN: --entry idF64
-- INPUT: empty([0]f64)
-- EXPECT: empty([0]f64)
-- RUN: --entry idI64
-- INPUT: empty([3,0]i64)
-- EXPECT: empty([3,0]i64)
-- RUN: --entry idI64
-- INPUT: empty([0,3]i64)
-- EXPECT: empty([0,3]i64)
-- An empty array is written with its full shape; a bare [] is an input error.
-- RUN: --entry idI64
-- INPUT: [[], []]
-- EXPECT-ERROR: parameter 'a'
-- RUN: --entry idBool
-- INPUT: empty([1,0,4]bool)
-- EXPECT: empty([1,0,4]bool)
-- RUN: --entry idF32
-- INPUT: empty([0]f32)
-- EXPECT: empty([0]f32)
-- RUN: --entry idF64
-- INPUT: []
-- EXPECT-ERROR: parameter 'a'
-- RUN: --entry arith
-- INPUT: empty([2,0]f64)
-- EXPECT: empty([2,0]f64)
-- EXPECT: empty([0]f64)
-- EXPECT: [0.0, 0.0]
-- RUN: --entry arith
-- INPUT: empty([0,2]f64)
-- EXPECT: empty([0,2]f64)
-- EXPECT: [0.0, 0.0]
-- EXPECT: empty([0]f64)
-- RUN: --entry makeEmpty
-- EXPECT: empty([0]f64)
-- EXPECT: empty([3,0]i64)
-- EXPECT: empty([0,2]bool)
-- EXPECT: empty([2,0,2]f32)
-- RUN: --entry mixed
-- INPUT: empty([0]f64) [1.5]
-- EXPECT: 1.5
-- RUN: --entry idF64
-- INPUT: empty([0]i64)
-- EXPECT-ERROR: parameter 'a'
-- RUN: --entry idI64
-- INPUT: empty([0]i64)
-- EXPECT-ERROR: parameter 'a'
