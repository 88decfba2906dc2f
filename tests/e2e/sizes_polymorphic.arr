-- Size-polymorphic entry points run at different sizes; inputs that disagree on
-- a size are an error naming the parameters; sizes used as i64 values.
entry axpy(alpha: f64, x: [n]f64, y: [n]f64): [n]f64 = alpha * x + y

entry shape(a: [n, m]i64): (i64, i64, i64) = (n, m, n * m + n)

entry lengthOf(a: [n]bool): i64 = n

entry corner(a: [n, m]i64): i64 = a[n - 1, m - 1]

entry joined(a: [n]f64, b: [n]f64, c: [m]f64): [n + m]f64 = concat(a + b, c)

entry area(a: [n, m]f64, b: [m, n]f64): f64 = sum(map(sum, a)) + sum(map(sum, b))

-- RUN: --entry axpy
-- INPUT: 2.0 [1.0, 2.0] [0.5, 0.5]
-- EXPECT: [2.5, 4.5]
-- RUN: --entry axpy
-- INPUT: -1.0 [1.0, 2.0, 3.0, 4.0, 5.0] [1.0, 1.0, 1.0, 1.0, 1.0]
-- EXPECT: [0.0, -1.0, -2.0, -3.0, -4.0]
-- RUN: --entry axpy
-- INPUT: 1.0 [1.0, 2.0] [1.0, 2.0, 3.0]
-- EXPECT-ERROR: disagree on size n
-- RUN: --entry axpy
-- INPUT: 1.0 [1.0, 2.0] [1.0, 2.0, 3.0]
-- EXPECT-ERROR: 'x' and 'y'
-- RUN: --entry shape
-- INPUT: [[1, 2, 3], [4, 5, 6]]
-- EXPECT: 2
-- EXPECT: 3
-- EXPECT: 8
-- RUN: --entry shape
-- INPUT: empty([4,0]i64)
-- EXPECT: 4
-- EXPECT: 0
-- EXPECT: 4
-- RUN: --entry lengthOf
-- INPUT: [true, true, false, true, false, false, true]
-- EXPECT: 7
-- RUN: --entry corner
-- INPUT: [[1, 2], [3, 4], [5, 6]]
-- EXPECT: 6
-- RUN: --entry corner
-- INPUT: [[42]]
-- EXPECT: 42
-- RUN: --entry joined
-- INPUT: [1.0] [2.0] [5.0, 6.0]
-- EXPECT: [3.0, 5.0, 6.0]
-- RUN: --entry joined
-- INPUT: [1.0, 1.0] [2.0] [5.0]
-- EXPECT-ERROR: disagree
-- RUN: --entry area
-- INPUT: [[1.0, 2.0, 3.0]] [[1.0], [1.0], [1.0]]
-- EXPECT: 9.0
-- RUN: --entry area
-- INPUT: [[1.0, 2.0, 3.0]] [[1.0, 1.0, 1.0]]
-- EXPECT-ERROR: disagree
