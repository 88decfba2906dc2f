-- Float / is IEEE division; float % is x - y * floor(x / y) (the sign of y).
entry fmod(x: f64, y: f64): f64 = x % y

entry fdiv(x: f64, y: f64): f64 = x / y

entry arrays(a: [n]f64, b: [n]f64): [n]f64 = a % b

entry fmod32(x: f32, y: f32): f32 = x % y

entry literals(): (f64, f64, f64) = (-7.0 / 2.0, -7.0 % 2.0, 7.5 % -2)

-- RUN: --entry fmod
-- INPUT: 5.5 2.0
-- EXPECT: 1.5
-- RUN: --entry fmod
-- INPUT: -5.5 2.0
-- EXPECT: 0.5
-- RUN: --entry fmod
-- INPUT: 5.5 -2.0
-- EXPECT: -0.5
-- RUN: --entry fmod
-- INPUT: -5.5 -2.0
-- EXPECT: -1.5
-- RUN: --entry fmod
-- INPUT: 7.0 2.5
-- EXPECT: 2.0
-- RUN: --entry fmod
-- INPUT: 3.0 0.0
-- EXPECT: nan
-- RUN: --entry fmod
-- INPUT: inf 2.0
-- EXPECT: nan
-- RUN: --entry fdiv
-- INPUT: 1.0 4.0
-- EXPECT: 0.25
-- RUN: --entry fdiv
-- INPUT: 1.0 3.0
-- EXPECT: 0.3333333333333333
-- RUN: --entry fdiv
-- INPUT: -7.0 2.0
-- EXPECT: -3.5
-- RUN: --entry fdiv
-- INPUT: 1.0 0.0
-- EXPECT: inf
-- RUN: --entry arrays
-- INPUT: [5.5, -5.5, 6.0, -6.0, 0.25] [2.0, 2.0, 3.0, 3.0, -1.0]
-- EXPECT: [1.5, 0.5, 0.0, 0.0, -0.75]
-- RUN: --entry fmod32
-- INPUT: -5.5 2.0
-- EXPECT: 0.5
-- RUN: --entry literals
-- EXPECT: -3.5
-- EXPECT: 1.0
-- EXPECT: -0.5
