-- Sums of sums (loops/Collapse.cpp): a sum over a matrix written as a sum of its
-- column sums runs as one sum over rows and columns unless --strict-fp; results are
-- the interpreter's (every input here sums exactly in any order), and a zero total
-- keeps the interpreter's sign.
entry total(x: [n, m]f64): f64 = sum(sum(x))
entry integers(x: [n, m]i64): i64 = sum(sum(x))
-- A loss over a matrix product: the product is tiled in the order the loss reads it
-- (9 x 17: one tile of 8 rows by 16 columns, a row and a column left over).
entry loss(a: [n, k]f64, b: [k, m]f64, c: [n, m]f64): f64 = sum(sum((matmul(a, b) - c) ** 2.0))

-- RUN: --entry total
-- INPUT: [[-4.75, -3.75, -2.75, -1.75], [-0.75, 0.25, 1.25, 2.25], [3.25, 4.25, 5.25, 6.25]]
-- EXPECT: 9.0
-- No rows: every column sum is the sum of an empty array, +0.0.
-- RUN: --entry total
-- INPUT: empty([0, 3]f64)
-- EXPECT: 0.0
-- RUN: --entry total
-- INPUT: empty([3, 0]f64)
-- EXPECT: 0.0
-- RUN: --entry total
-- INPUT: [[-0.0, -0.0], [-0.0, -0.0]]
-- EXPECT: -0.0
-- RUN: --entry integers
-- INPUT: [[1, 2, 3], [4, 5, 6]]
-- EXPECT: 21
-- RUN: --entry integers
-- INPUT: empty([0, 2]i64)
-- EXPECT: 0
-- RUN: --entry loss
-- INPUT: [[2.0, -3.0, -2.0], [-2.0, -2.0, 2.0], [3.0, 1.0, -3.0], [-3.0, -1.0, 0.0], [1.0, 0.0, -2.0], [-2.0, 1.0, 2.0], [-3.0, -3.0, 0.0], [-1.0, 3.0, 0.0], [-1.0, 0.0, 1.0]] [[1.0, -2.0, 2.0, 2.0, 3.0, 2.0, -2.0, -1.0, 1.0, 1.0, 1.0, 3.0, -1.0, 3.0, -3.0, -3.0, 3.0], [3.0, -1.0, -3.0, -1.0, -3.0, 3.0, 1.0, 1.0, -2.0, 0.0, -2.0, 2.0, 0.0, -3.0, -2.0, 1.0, 0.0], [-1.0, -2.0, -3.0, 1.0, 1.0, 0.0, 3.0, 3.0, -2.0, 1.0, 1.0, -2.0, -1.0, 0.0, 2.0, -1.0, 2.0]] [[1.0, -2.0, -1.0, 2.0, 2.0, 1.0, -3.0, 1.0, -2.0, 2.0, 3.0, 0.0, 3.0, 2.0, -1.0, 3.0, -1.0], [-3.0, 1.0, 2.0, 1.0, -1.0, 3.0, 0.0, -1.0, -2.0, -2.0, 1.0, 2.0, -1.0, 1.0, 3.0, -2.0, -2.0], [0.0, 0.0, -1.0, -1.0, -3.0, 1.0, 3.0, -2.0, 2.0, -2.0, -3.0, 2.0, -2.0, 2.0, -1.0, 0.0, 3.0], [3.0, 0.0, -2.0, -2.0, 2.0, 1.0, -2.0, 3.0, 3.0, 3.0, 1.0, 3.0, 1.0, 0.0, 3.0, 1.0, 2.0], [-1.0, 2.0, 3.0, -3.0, 0.0, -1.0, -3.0, -3.0, -2.0, -2.0, 2.0, -2.0, 1.0, 3.0, 0.0, -3.0, -3.0], [-1.0, -1.0, 0.0, -1.0, 2.0, 0.0, 3.0, 3.0, 1.0, -3.0, -2.0, 2.0, 0.0, 3.0, 1.0, 2.0, -3.0], [-1.0, 1.0, 1.0, -1.0, -2.0, 1.0, -3.0, 1.0, 2.0, 1.0, -3.0, 0.0, -1.0, 0.0, 1.0, -2.0, -3.0], [0.0, 1.0, -3.0, 3.0, 0.0, 3.0, 0.0, 2.0, 2.0, 0.0, -1.0, 1.0, -3.0, 1.0, 0.0, -2.0, -2.0], [-3.0, 2.0, 1.0, -1.0, 3.0, -1.0, -1.0, 3.0, -3.0, -1.0, -3.0, -1.0, 2.0, -1.0, 0.0, 0.0, -3.0]]
-- EXPECT: 7407.0
