-- maxOuter: floats, integers, rank 2, and empty dimensions (-inf for floats, the
-- smallest i64 for integers).
entry m1(a: [n]f64): f64 = maxOuter(a)

entry mi(a: [n]i64): i64 = maxOuter(a)

entry m2(a: [n, m]i64): [m]i64 = maxOuter(a)

entry m2f(a: [n, m]f64): [m]f64 = maxOuter(a)

entry m32(a: [n]f32): f32 = maxOuter(a)

-- RUN: --entry m1
-- INPUT: [1.0, 3.5, -2.0]
-- EXPECT: 3.5
-- RUN: --entry m1
-- INPUT: [-7.5, -2.25]
-- EXPECT: -2.25
-- RUN: --entry m1
-- INPUT: [-inf]
-- EXPECT: -inf
-- RUN: --entry m1
-- INPUT: [1.0, inf]
-- EXPECT: inf
-- RUN: --entry m1
-- INPUT: empty([0]f64)
-- EXPECT: -inf
-- RUN: --entry mi
-- INPUT: [-5, -3, -9]
-- EXPECT: -3
-- RUN: --entry mi
-- INPUT: empty([0]i64)
-- EXPECT: -9223372036854775808
-- RUN: --entry m2
-- INPUT: [[1, 9], [7, 2]]
-- EXPECT: [7, 9]
-- RUN: --entry m2
-- INPUT: empty([0,2]i64)
-- EXPECT: [-9223372036854775808, -9223372036854775808]
-- RUN: --entry m2f
-- INPUT: empty([0,2]f64)
-- EXPECT: [-inf, -inf]
-- RUN: --entry m2f
-- INPUT: [[0.5, -1.0], [0.25, -0.5], [-3.0, -4.0]]
-- EXPECT: [0.5, -0.5]
-- RUN: --entry m32
-- INPUT: [0.5, 0.1]
-- EXPECT: 0.5
-- RUN: --entry m32
-- INPUT: empty([0]f32)
-- EXPECT: -inf
