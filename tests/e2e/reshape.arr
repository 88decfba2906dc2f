-- reshape: flattening, unflattening, rank 3, to and from empty shapes, size
-- products in types.
entry flat(a: [n, m]i64): [n * m]i64 = reshape([n * m], a)

entry unflat(a: [6]f64): [2, 3]f64 = reshape([2, 3], a)

entry to3(a: [12]i64): [2, 3, 2]i64 = reshape([2, 3, 2], a)

entry swapShape(a: [n, m]i64): [m, n]i64 = reshape([m, n], a)

entry boxed(x: f64): [1, 1]f64 = reshape([1, 1], x)

entry rows(a: [n]bool): [n, 1]bool = reshape([n, 1], a)

-- RUN: --entry flat
-- INPUT: [[1, 2], [3, 4], [5, 6]]
-- EXPECT: [1, 2, 3, 4, 5, 6]
-- RUN: --entry flat
-- INPUT: empty([3,0]i64)
-- EXPECT: empty([0]i64)
-- RUN: --entry unflat
-- INPUT: [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
-- EXPECT: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
-- RUN: --entry unflat
-- INPUT: [1.0, 2.0, 3.0]
-- EXPECT-ERROR: parameter 'a'
-- RUN: --entry to3
-- INPUT: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
-- EXPECT: [[[0, 1], [2, 3], [4, 5]], [[6, 7], [8, 9], [10, 11]]]
-- RUN: --entry swapShape
-- INPUT: [[1, 2, 3], [4, 5, 6]]
-- EXPECT: [[1, 2], [3, 4], [5, 6]]
-- RUN: --entry swapShape
-- INPUT: empty([2,0]i64)
-- EXPECT: empty([0,2]i64)
-- RUN: --entry boxed
-- INPUT: -4.5
-- EXPECT: [[-4.5]]
-- RUN: --entry rows
-- INPUT: [true, false]
-- EXPECT: [[true], [false]]

-- An array of tuples is a tuple of arrays: reshape applies to each component.
entry tuples(p: [6](f64, i64)): [2, 3](f64, i64) = reshape([2, 3], p)
-- RUN: --entry tuples
-- INPUT: [1.5, 2.5, 3.5, 4.5, 5.5, 6.5] [1, 2, 3, 4, 5, 6]
-- EXPECT: [[1.5, 2.5, 3.5], [4.5, 5.5, 6.5]]
-- EXPECT: [[1, 2, 3], [4, 5, 6]]
