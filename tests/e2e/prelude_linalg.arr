-- Prelude dot, matvec, matmul, outer and transpose, at f64 and i64.
entry dots(a: [n]f64, b: [n]f64): f64 = dot(a, b)

entry dotInt(a: [n]i64, b: [n]i64): i64 = dot(a, b)

entry mv(w: [h, d]f64, x: [d]f64): [h]f64 = matvec(w, x)

entry mm(a: [n, k]f64, b: [k, m]f64): [n, m]f64 = matmul(a, b)

entry mmInt(a: [n, k]i64, b: [k, m]i64): [n, m]i64 = matmul(a, b)

entry op(a: [n]i64, b: [m]i64): [n, m]i64 = outer(a, b)

entry tp(a: [n, m]f64): [m, n]f64 = transpose(a)

-- (A B)^T == B^T A^T
entry identity(a: [n, k]i64, b: [k, m]i64): bool =
  sum(map(\row -> sum(map(\x -> if x == 0 then 0 else 1, row)),
          transpose(matmul(a, b)) - matmul(transpose(b), transpose(a)))) == 0

-- RUN: --entry dots
-- INPUT: [1.0, 2.0, 3.0] [4.0, 5.0, 6.0]
-- EXPECT: 32.0
-- RUN: --entry dots
-- INPUT: empty([0]f64) empty([0]f64)
-- EXPECT: 0.0
-- RUN: --entry dotInt
-- INPUT: [1, -2] [3, 4]
-- EXPECT: -5
-- RUN: --entry mv
-- INPUT: [[1.0, 2.0], [3.0, 4.0], [0.5, -1.0]] [1.0, 1.0]
-- EXPECT: [3.0, 7.0, -0.5]
-- RUN: --entry mv
-- INPUT: [[1.0, 2.0], [3.0, 4.0]] [1.0, 1.0, 1.0]
-- EXPECT-ERROR: disagree
-- RUN: --entry mm
-- INPUT: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]] [[1.0, 0.0], [0.0, 1.0], [2.0, -1.0]]
-- EXPECT: [[7.0, -1.0], [16.0, -1.0]]
-- RUN: --entry mm
-- INPUT: empty([2,0]f64) empty([0,3]f64)
-- EXPECT: [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
-- RUN: --entry mmInt
-- INPUT: [[1, 2], [3, 4]] [[5, 6], [7, 8]]
-- EXPECT: [[19, 22], [43, 50]]
-- RUN: --entry op
-- INPUT: [1, 2, 3] [10, -1]
-- EXPECT: [[10, -1], [20, -2], [30, -3]]
-- RUN: --entry tp
-- INPUT: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
-- EXPECT: [[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]
-- RUN: --entry identity
-- INPUT: [[1, 2, 3], [4, 5, 6]] [[7, 8], [9, 10], [11, 12]]
-- EXPECT: true
