-- f32 arithmetic is done in f32 and printed in the shortest form that reads back
-- as the same f32; extreme f32 values read and print.
entry ops(a: [n]f32, b: [n]f32): ([n]f32, [n]f32, [n]f32, [n]f32) = (a + b, a * b, a / b, a - b)

entry third(): f32 = f32(1) / f32(3)

entry absorb(x: f32): f32 = x + f32(1)

entry roots(x: f32): (f32, f32) = (sqrt(x), x ** f32(0.5))

entry extremes(a: [n]f32): [n]f32 = a

entry toF64(a: [n]f32): [n]f64 = f64(a)

-- RUN: --entry ops
-- INPUT: [0.1, 0.2, 0.3] [0.7, 1e-8, 3.0]
-- EXPECT: [0.8, 0.20000002, 3.3]
-- EXPECT: [0.07, 2e-09, 0.90000004]
-- EXPECT: [0.14285715, 20000000.0, 0.1]
-- EXPECT: [-0.59999996, 0.19999999, -2.7]
-- RUN: --entry third
-- EXPECT: 0.33333334
-- RUN: --entry absorb
-- INPUT: 16777216.0
-- EXPECT: 16777216.0
-- RUN: --entry roots
-- INPUT: 2.0
-- EXPECT: 1.4142135
-- EXPECT: 1.4142135
-- RUN: --entry extremes
-- INPUT: [3.4028235e+38, 1e-45, 1.1754944e-38, -0.0, inf, nan]
-- EXPECT: [3.4028235e+38, 1e-45, 1.1754944e-38, -0.0, inf, nan]
-- RUN: --entry toF64
-- INPUT: [0.5, 0.1]
-- EXPECT: [0.5, 0.10000000149011612]
