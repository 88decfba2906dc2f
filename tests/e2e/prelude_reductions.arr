-- Prelude sum, product, mean, onesLike, maximum, minimum, argmax at f64, f32 and i64.
entry sums(a: [n]f64, b: [n]i64): (f64, i64) = (sum(a), sum(b))

entry prod(a: [n]f64): f64 = product(a)

entry prodInt(a: [n]i64): i64 = product(a)

-- prodOuter (this implementation's built-in under product) along the rows.
entry prodRows(a: [n, m]f64): [m]f64 = prodOuter(a)

entry means(a: [n]f64): f64 = mean(a)

-- Integer mean divides with floor semantics.
entry meanInt(a: [n]i64): i64 = mean(a)

entry mean32(a: [n]f32): f32 = mean(a)

entry ones(a: [n]i64, b: [m]f32): ([n]i64, [m]f32) = (onesLike(a), onesLike(b))

entry extremes(a: [n]f64): (f64, f64, i64) = (maximum(a), minimum(a), argmax(a))

entry extremesInt(a: [n]i64): (i64, i64, i64) = (maximum(a), minimum(a), argmax(a))

entry sumRows(a: [n, m]f64): [m]f64 = sum(a)

-- RUN: --entry sums
-- INPUT: [1.5, 2.25, -0.75] [4, -9, 2]
-- EXPECT: 3.0
-- EXPECT: -3
-- The product multiplies in order: exact where the products are.
-- RUN: --entry prod
-- INPUT: [2.0, 3.0, 0.5]
-- EXPECT: 3.0
-- RUN: --entry prod
-- INPUT: [2.0, -3.0, 0.5, -1.0, -4.0]
-- EXPECT: -12.0
-- RUN: --entry prod
-- INPUT: [1.0, 2.0, 3.0, 4.0]
-- EXPECT: 24.0
-- RUN: --entry prod
-- INPUT: [0.1, 0.2, 0.3]
-- EXPECT: 0.006000000000000001
-- RUN: --entry prodInt
-- INPUT: [3, 5, 7, -2]
-- EXPECT: -210
-- RUN: --entry prodInt
-- INPUT: empty([0]i64)
-- EXPECT: 1
-- RUN: --entry prodRows
-- INPUT: [[1.0, 2.0], [3.0, -4.0], [5.0, 0.5]]
-- EXPECT: [15.0, -4.0]
-- RUN: --entry prod
-- INPUT: [5.0, 0.0]
-- EXPECT: 0.0
-- RUN: --entry prod
-- INPUT: empty([0]f64)
-- EXPECT: 1.0
-- RUN: --entry means
-- INPUT: [1.0, 2.0, 4.0, 5.0]
-- EXPECT: 3.0
-- RUN: --entry means
-- INPUT: [-2.5]
-- EXPECT: -2.5
-- RUN: --entry meanInt
-- INPUT: [1, 2, 4]
-- EXPECT: 2
-- RUN: --entry meanInt
-- INPUT: [-1, -2]
-- EXPECT: -2
-- RUN: --entry meanInt
-- INPUT: empty([0]i64)
-- EXPECT: 0
-- RUN: --entry mean32
-- INPUT: [0.5, 0.25, 0.75, 0.5]
-- EXPECT: 0.5
-- RUN: --entry ones
-- INPUT: [7, 8] [2.5, 2.5, 2.5]
-- EXPECT: [1, 1]
-- EXPECT: [1.0, 1.0, 1.0]
-- RUN: --entry extremes
-- INPUT: [3.0, -1.5, 7.25, 7.25, 0.0]
-- EXPECT: 7.25
-- EXPECT: -1.5
-- EXPECT: 2
-- RUN: --entry extremes
-- INPUT: [-4.0]
-- EXPECT: -4.0
-- EXPECT: -4.0
-- EXPECT: 0
-- RUN: --entry extremesInt
-- INPUT: [5, -3, 9, 9, -3]
-- EXPECT: 9
-- EXPECT: -3
-- EXPECT: 2
-- The extreme i64 values, and an empty array: the largest i64 is its minimum.
-- RUN: --entry extremesInt
-- INPUT: [-9223372036854775808, 0, 9223372036854775807]
-- EXPECT: 9223372036854775807
-- EXPECT: -9223372036854775808
-- EXPECT: 2
-- RUN: --entry extremesInt
-- INPUT: empty([0]i64)
-- EXPECT: -9223372036854775808
-- EXPECT: 9223372036854775807
-- EXPECT: 0
-- RUN: --entry sumRows
-- INPUT: [[1.0, 2.0], [3.0, 4.0]]
-- EXPECT: [4.0, 6.0]
