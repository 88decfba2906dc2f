-- noGrad returns the value of its argument, for every element type and tuples.
entry main(a: [n]f64): [n]f64 = noGrad(a * 2.0) + a

entry ints(): [3]i64 = noGrad(iota(3))

entry pair(x: f32): (f32, bool) = noGrad((x, x > 0))

entry scalar(x: f64): f64 = noGrad(x) * noGrad(noGrad(x))

-- RUN:
-- INPUT: [1.0, -0.5]
-- EXPECT: [3.0, -1.5]
-- RUN: --entry ints
-- EXPECT: [0, 1, 2]
-- RUN: --entry pair
-- INPUT: 0.1
-- EXPECT: 0.1
-- EXPECT: true
-- RUN: --entry scalar
-- INPUT: -3.0
-- EXPECT: 9.0
