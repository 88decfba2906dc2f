-- Literals are typed by context: an integer literal where a float is expected
-- is that float (f64 or f32), integers default to i64, floats to f64.
entry mixed(x: f64): (f64, f64, f64) = (x + 1, 2 * x, 1 / (x + 3))

entry single(x: f32): (f32, f32) = (x + 1, x * 0.1)

entry defaults(): (i64, f64, i64, f64) = (7 / 2, 7.0 / 2, 1 + 2 * 3, 1e-3 * 2)

entry arrays(a: [n]f64): [n]f64 = a * 3 - 1

entry literalArray(): ([3]f64, [2]i64, [2]f32) = ([1, 2.5, 3], [1, 2], [f32(1), 2])

entry exponents(): (f64, f64, f64) = (2., 1e2, 2.5e-1)

-- An f32 literal is the float nearest its spelling, rounded once: this one is just
-- above the midpoint of 1 and the next float, 1 + 2^-23 (through f64 it would round
-- to the midpoint, then to 1); 16777217 is a midpoint itself and rounds to even.
entry nearest(x: f32): (f32, f32, f64) =
  (x * 1.000000059604644775390626, x * 16777217, f64(x) * 1.000000059604644775390626)

-- RUN: --entry mixed
-- INPUT: 0.5
-- EXPECT: 1.5
-- EXPECT: 1.0
-- EXPECT: 0.2857142857142857
-- RUN: --entry single
-- INPUT: 0.5
-- EXPECT: 1.5
-- EXPECT: 0.05
-- RUN: --entry defaults
-- EXPECT: 3
-- EXPECT: 3.5
-- EXPECT: 7
-- EXPECT: 0.002
-- RUN: --entry arrays
-- INPUT: [1.0, 0.5]
-- EXPECT: [2.0, 0.5]
-- RUN: --entry literalArray
-- EXPECT: [1.0, 2.5, 3.0]
-- EXPECT: [1, 2]
-- EXPECT: [1.0, 2.0]
-- RUN: --entry exponents
-- EXPECT: 2.0
-- EXPECT: 100.0
-- EXPECT: 0.25

-- Literals checked together: one float literal makes the integer literals beside
-- it floats, whichever comes first (an operator's operands, an array literal's
-- elements, the branches of an if, a binary function's arguments).
entry intFirst(): (f64, [2]f64, f64, f64, f64, [2, 2]f64, bool, f64) =
  (1 + 2.5, [1, 2.5], if true then 1 else 2.5, 2 ** 0.5, max(1, 2.5),
   [[1, 2], [3.5, 4]], 1 < 2.5, (1 + 2) / 4.0)
-- RUN: --entry intFirst
-- EXPECT: 3.5
-- EXPECT: [1.0, 2.5]
-- EXPECT: 1.0
-- EXPECT: 1.4142135623730951
-- EXPECT: 2.5
-- EXPECT: [[1.0, 2.0], [3.5, 4.0]]
-- EXPECT: true
-- EXPECT: 0.75
-- RUN: --entry nearest
-- INPUT: 1.0
-- EXPECT: 1.0000001
-- EXPECT: 16777216.0
-- EXPECT: 1.0000000596046448
