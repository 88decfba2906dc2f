-- Booleans: &&, ||, !, comparisons of every element type, bool arrays as results,
-- equality on bools, counting with conversions.
entry ops(a: bool, b: bool): (bool, bool, bool, bool, bool) = (a && b, a || b, !a, a == b, a != b)

entry compareF(x: f64, y: f64): (bool, bool, bool, bool, bool, bool) = (x == y, x != y, x < y, x <= y, x > y, x >= y)

entry compareI(x: [n]i64, y: [n]i64): ([n]bool, [n]bool) = (x <= y, x > y)

entry compareF32(x: f32, y: f32): bool = x < y

entry count(a: [n]bool): i64 = sum(i64(a))

entry any(a: [n]bool): bool = maxOuter(i64(a)) > 0

entry negate(a: [n, m]bool): [n, m]bool = !a

entry inRange(a: [n]f64, lo: f64, hi: f64): [n]bool = lo <= a && a < hi

-- RUN: --entry ops
-- INPUT: true false
-- EXPECT: false
-- EXPECT: true
-- EXPECT: false
-- EXPECT: false
-- EXPECT: true
-- RUN: --entry ops
-- INPUT: true true
-- EXPECT: true
-- EXPECT: true
-- EXPECT: false
-- EXPECT: true
-- EXPECT: false
-- RUN: --entry ops
-- INPUT: false false
-- EXPECT: false
-- EXPECT: false
-- EXPECT: true
-- EXPECT: true
-- EXPECT: false
-- RUN: --entry compareF
-- INPUT: 1.5 2.5
-- EXPECT: false
-- EXPECT: true
-- EXPECT: true
-- EXPECT: true
-- EXPECT: false
-- EXPECT: false
-- RUN: --entry compareF
-- INPUT: -0.0 0.0
-- EXPECT: true
-- EXPECT: false
-- EXPECT: false
-- EXPECT: true
-- EXPECT: false
-- EXPECT: true
-- RUN: --entry compareI
-- INPUT: [1, 2, 3] [2, 2, 2]
-- EXPECT: [true, true, false]
-- EXPECT: [false, false, true]
-- RUN: --entry compareF32
-- INPUT: 0.1 0.2
-- EXPECT: true
-- RUN: --entry count
-- INPUT: [true, false, true, true]
-- EXPECT: 3
-- RUN: --entry any
-- INPUT: [false, false]
-- EXPECT: false
-- RUN: --entry any
-- INPUT: [false, true]
-- EXPECT: true
-- RUN: --entry negate
-- INPUT: [[true, false], [false, false]]
-- EXPECT: [[false, true], [true, true]]
-- RUN: --entry inRange
-- INPUT: [0.0, 0.5, 1.0, -1.0] 0.0 1.0
-- EXPECT: [true, true, false, false]
