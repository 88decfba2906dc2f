-- f64, f32, i64 and bool conversions: truncation toward zero, "not zero", true
-- converts to 1, f32 rounding, conversions of arrays.
entry toInt(a: [n]f64): [n]i64 = i64(a)

entry toBool(a: [n]f64): [n]bool = bool(a)

entry fromBool(b: [n]bool): ([n]i64, [n]f64, [n]f32) = (i64(b), f64(b), f32(b))

entry fromInt(a: [n]i64): ([n]f64, [n]f32, [n]bool) = (f64(a), f32(a), bool(a))

entry widen(x: f32): (f64, i64) = (f64(x), i64(x))

entry narrow(x: f64): f32 = f32(x)

entry same(x: i64, y: f64, b: bool): (i64, f64, bool) = (i64(x), f64(y), bool(b))

entry literals(): (i64, f64, i64, f32) = (i64(true) + i64(false), f64(true), i64(-3.99), f32(0.1))

-- RUN: --entry toInt
-- INPUT: [2.7, -2.7, -0.5, 3.0, 0.999, -1e9]
-- EXPECT: [2, -2, 0, 3, 0, -1000000000]
-- RUN: --entry toBool
-- INPUT: [0.0, -0.0, 0.5, -2.0, nan, inf]
-- EXPECT: [false, false, true, true, true, true]
-- RUN: --entry fromBool
-- INPUT: [true, false]
-- EXPECT: [1, 0]
-- EXPECT: [1.0, 0.0]
-- EXPECT: [1.0, 0.0]
-- RUN: --entry fromInt
-- INPUT: [0, -3, 16777217, 9007199254740993]
-- EXPECT: [0.0, -3.0, 16777217.0, 9007199254740992.0]
-- EXPECT: [0.0, -3.0, 16777216.0, 9007199000000000.0]
-- EXPECT: [false, true, true, true]
-- RUN: --entry widen
-- INPUT: 0.1
-- EXPECT: 0.10000000149011612
-- EXPECT: 0
-- RUN: --entry widen
-- INPUT: -2.75
-- EXPECT: -2.75
-- EXPECT: -2
-- RUN: --entry narrow
-- INPUT: 0.1
-- EXPECT: 0.1
-- RUN: --entry narrow
-- INPUT: 1e39
-- EXPECT: inf
-- RUN: --entry narrow
-- INPUT: 1.0000001
-- EXPECT: 1.0000001
-- RUN: --entry same
-- INPUT: -5 2.5 false
-- EXPECT: -5
-- EXPECT: 2.5
-- EXPECT: false
-- RUN: --entry literals
-- EXPECT: 1
-- EXPECT: 1.0
-- EXPECT: -3
-- EXPECT: 0.1
