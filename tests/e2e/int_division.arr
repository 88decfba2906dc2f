-- Integer / and % have floor semantics; division or remainder by zero is 0.
entry divmod(a: i64, b: i64): (i64, i64) = (a / b, a % b)

entry arrays(a: [n]i64, b: [n]i64): ([n]i64, [n]i64) = (a / b, a % b)

entry byScalar(a: [n]i64): ([n]i64, [n]i64, [n]i64) = (a / 3, a % 3, a % 0)

entry literals(): (i64, i64, i64, i64) = (-7 / 2, -7 % 2, 7 % -2, 7 / -2)

-- The identity (a / b) * b + a % b == a holds whenever b != 0.
entry identity(a: [n]i64, b: i64): bool =
  sumOuter(build([n], \i -> if (a[i] / b) * b + a[i] % b == a[i] then 0 else 1)) == 0

-- RUN: --entry divmod
-- INPUT: -7 2
-- EXPECT: -4
-- EXPECT: 1
-- RUN: --entry divmod
-- INPUT: 7 -2
-- EXPECT: -4
-- EXPECT: -1
-- RUN: --entry divmod
-- INPUT: 7 2
-- EXPECT: 3
-- EXPECT: 1
-- RUN: --entry divmod
-- INPUT: -7 -2
-- EXPECT: 3
-- EXPECT: -1
-- RUN: --entry divmod
-- INPUT: 7 0
-- EXPECT: 0
-- EXPECT: 0
-- RUN: --entry divmod
-- INPUT: -7 0
-- EXPECT: 0
-- EXPECT: 0
-- RUN: --entry divmod
-- INPUT: 0 5
-- EXPECT: 0
-- EXPECT: 0
-- RUN: --entry divmod
-- INPUT: -6 3
-- EXPECT: -2
-- EXPECT: 0
-- RUN: --entry divmod
-- INPUT: -1 1000
-- EXPECT: -1
-- EXPECT: 999
-- RUN: --entry arrays
-- INPUT: [-7, 7, 5, 0, 9] [2, -2, 0, 0, 3]
-- EXPECT: [-4, -4, 0, 0, 3]
-- EXPECT: [1, -1, 0, 0, 0]
-- RUN: --entry byScalar
-- INPUT: [-4, -3, -2, -1, 0, 1, 2, 3, 4]
-- EXPECT: [-2, -1, -1, -1, 0, 0, 0, 1, 1]
-- EXPECT: [2, 0, 1, 2, 0, 1, 2, 0, 1]
-- EXPECT: [0, 0, 0, 0, 0, 0, 0, 0, 0]
-- RUN: --entry literals
-- EXPECT: -4
-- EXPECT: 1
-- EXPECT: -1
-- EXPECT: -4
-- RUN: --entry identity
-- INPUT: [-9, -8, -1, 0, 1, 5, 13] -4
-- EXPECT: true
-- RUN: --entry identity
-- INPUT: [-9, -8, -1, 0, 1, 5, 13] 3
-- EXPECT: true
