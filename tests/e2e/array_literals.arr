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
