-- Reductions over empty dimensions: sumOuter is 0, maxOuter is -inf (the
-- smallest i64 for integers), through the prelude too.
entry sums(a: [n]f64, b: [n]i64, c: [n]f32): (f64, i64, f32) = (sumOuter(a), sumOuter(b), sumOuter(c))

entry maxima(a: [n]f64, b: [n]i64, c: [n]f32): (f64, i64, f32) = (maxOuter(a), maxOuter(b), maxOuter(c))

entry rows(a: [n, m]f64): ([m]f64, [m]f64) = (sumOuter(a), maxOuter(a))

entry prelude(a: [n]f64): (f64, f64, f64, f64, f64) = (sum(a), maximum(a), minimum(a), mean(a), logSumExp(a))

-- The empty dimension is an inner one: every element of the result is a reduction of nothing.
entry inner(a: [n, m]i64): ([n]i64, [n]i64) = (build([n], \i -> sumOuter(a[i])), build([n], \i -> maxOuter(a[i])))

-- RUN: --entry sums
-- INPUT: empty([0]f64) empty([0]i64) empty([0]f32)
-- EXPECT: 0.0
-- EXPECT: 0
-- EXPECT: 0.0
-- RUN: --entry maxima
-- INPUT: empty([0]f64) empty([0]i64) empty([0]f32)
-- EXPECT: -inf
-- EXPECT: -9223372036854775808
-- EXPECT: -inf
-- RUN: --entry maxima
-- INPUT: [1.0] [1] [1.0]
-- EXPECT: 1.0
-- EXPECT: 1
-- EXPECT: 1.0
-- RUN: --entry rows
-- INPUT: empty([0,3]f64)
-- EXPECT: [0.0, 0.0, 0.0]
-- EXPECT: [-inf, -inf, -inf]
-- RUN: --entry prelude
-- INPUT: empty([0]f64)
-- EXPECT: 0.0
-- EXPECT: -inf
-- EXPECT: inf
-- EXPECT: nan
-- EXPECT: -inf
-- RUN: --entry inner
-- INPUT: empty([2,0]i64)
-- EXPECT: [0, 0]
-- EXPECT: [-9223372036854775808, -9223372036854775808]
