-- Integer arithmetic: digits via / and %, parity, modular arithmetic with negative
-- operands (floor semantics keep remainders in [0, m) for m > 0), clock arithmetic.
entry digits(x: i64): [4]i64 = build([4], \i -> (x / [1000, 100, 10, 1][i]) % 10)

entry parity(a: [n]i64): [n]bool = a % 2 == 1

entry wrap(a: [n]i64, m: i64): [n]i64 = a % m

entry clock(h: i64, delta: [n]i64): [n]i64 = (h + delta) % 12

entry floorAverage(a: i64, b: i64): i64 = (a + b) / 2

-- RUN: --entry digits
-- INPUT: 1234
-- EXPECT: [1, 2, 3, 4]
-- RUN: --entry digits
-- INPUT: 907
-- EXPECT: [0, 9, 0, 7]
-- RUN: --entry parity
-- INPUT: [3, -3, 4, -4, 0]
-- EXPECT: [true, true, false, false, false]
-- RUN: --entry wrap
-- INPUT: [-7, -1, 0, 6, 13] 5
-- EXPECT: [3, 4, 0, 1, 3]
-- RUN: --entry wrap
-- INPUT: [-7, -1, 0, 6, 13] -5
-- EXPECT: [-2, -1, 0, -4, -2]
-- RUN: --entry wrap
-- INPUT: [-7, 13] 0
-- EXPECT: [0, 0]
-- RUN: --entry clock
-- INPUT: 9 [5, -10, 24, -21]
-- EXPECT: [2, 11, 9, 0]
-- RUN: --entry floorAverage
-- INPUT: -3 0
-- EXPECT: -2
-- RUN: --entry floorAverage
-- INPUT: 3 4
-- EXPECT: 3
