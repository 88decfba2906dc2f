-- max, min, pow (and **), atan2: scalars, arrays, scalar broadcasting, integers.
entry mm(a: [n]f64, b: [n]f64): ([n]f64, [n]f64) = (max(a, b), min(a, b))

entry mmi(a: [n]i64, b: [n]i64): ([n]i64, [n]i64) = (max(a, b), min(a, b))

entry clamp(a: [n, m]f64): [n, m]f64 = min(max(a, 0.0), 1.0)

entry powers(a: [n]f64, b: [n]f64): ([n]f64, [n]f64) = (pow(a, b), a ** b)

entry powScalar(a: [n]f64): ([n]f64, [n]f64) = (pow(a, 3), 2 ** a)

entry angle(y: [n]f64, x: [n]f64): [n]f64 = atan2(y, x)

entry angle32(y: f32, x: f32): f32 = atan2(y, x)

-- RUN: --entry mm
-- INPUT: [3.0, -1.0, 2.5, -inf] [-1.0, 4.0, 2.5, 0.0]
-- EXPECT: [3.0, 4.0, 2.5, 0.0]
-- EXPECT: [-1.0, -1.0, 2.5, -inf]
-- RUN: --entry mmi
-- INPUT: [3, -7, 0] [2, -2, 0]
-- EXPECT: [3, -2, 0]
-- EXPECT: [2, -7, 0]
-- RUN: --entry clamp
-- INPUT: [[-0.5, 0.25], [1.5, 1.0]]
-- EXPECT: [[0.0, 0.25], [1.0, 1.0]]
-- RUN: --entry powers
-- INPUT: [2.0, 4.0, 2.0, 0.0, 10.0, -2.0, -8.0] [10.0, 0.5, -1.0, 0.0, -2.0, 3.0, 0.5]
-- EXPECT: [1024.0, 2.0, 0.5, 1.0, 0.01, -8.0, nan]
-- EXPECT: [1024.0, 2.0, 0.5, 1.0, 0.01, -8.0, nan]
-- RUN: --entry powScalar
-- INPUT: [2.0, -3.0, 0.0, 0.5]
-- EXPECT: [8.0, -27.0, 0.0, 0.125]
-- EXPECT: [4.0, 0.125, 1.0, 1.4142135623730951]
-- RUN: --entry angle
-- INPUT: [0.0, 1.0, 1.0, -1.0, 0.0] [1.0, 0.0, 1.0, -1.0, -1.0]
-- EXPECT: [0.0, 1.5707963267948966, 0.7853981633974483, -2.356194490192345, 3.141592653589793]
-- RUN: --entry angle32
-- INPUT: 1.0 1.0
-- APPROX: 1e-7
-- EXPECT: 0.7853982

-- pow on integers agrees with ** (LANGUAGE.md §6: a ** b is pow(a, b)).
entry intPow(a: [n]i64): ([n]i64, [n]i64) = (pow(a, 3), a ** 3)
-- RUN: --entry intPow
-- INPUT: [-3, 0, 5, 2]
-- EXPECT: [-27, 0, 125, 8]
-- EXPECT: [-27, 0, 125, 8]
