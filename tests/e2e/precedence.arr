-- Operator precedence and associativity, evaluated numerically: ** is
-- right-associative and binds tighter than unary minus; unary minus binds tighter
-- than * / %; + - * / are left-associative; && binds tighter than ||.
entry powers(): (f64, f64, f64, f64) = (2.0 ** 3.0 ** 2.0, (2.0 ** 3.0) ** 2.0, -2.0 ** 2.0, (-2.0) ** 2.0)

entry arithmetic(): (i64, i64, i64, i64, i64, i64) = (1 + 2 * 3, (1 + 2) * 3, 10 - 3 - 2, 64 / 4 / 2, 2 * -3, - -3)

entry unaryDivision(): (i64, i64, i64, i64) = (-7 / 2, -(7 / 2), -7 % 2, -(7 % 2))

entry logic(): (bool, bool, bool, bool) =
  (true || false && false, (true || false) && false, !true || true, !(true || true))

entry comparisons(x: i64): (bool, bool) = (x + 1 == 2 * x, x * x > x + x || x < 0)

entry withArrays(a: [n]f64): ([n]f64, f64) = (-a ** 2.0, -a[0] ** 2.0 + 2.0 * a[1])

entry projection(p: (f64, f64)): f64 = -p.0 ** p.1

-- RUN: --entry powers
-- EXPECT: 512.0
-- EXPECT: 64.0
-- EXPECT: -4.0
-- EXPECT: 4.0
-- RUN: --entry arithmetic
-- EXPECT: 7
-- EXPECT: 9
-- EXPECT: 5
-- EXPECT: 8
-- EXPECT: -6
-- EXPECT: 3
-- RUN: --entry unaryDivision
-- EXPECT: -4
-- EXPECT: -3
-- EXPECT: 1
-- EXPECT: -1
-- RUN: --entry logic
-- EXPECT: true
-- EXPECT: false
-- EXPECT: true
-- EXPECT: false
-- RUN: --entry comparisons
-- INPUT: 1
-- EXPECT: true
-- EXPECT: false
-- RUN: --entry comparisons
-- INPUT: 3
-- EXPECT: false
-- EXPECT: true
-- RUN: --entry comparisons
-- INPUT: -1
-- EXPECT: false
-- EXPECT: true
-- RUN: --entry withArrays
-- INPUT: [3.0, 0.5]
-- EXPECT: [-9.0, -0.25]
-- EXPECT: -8.0
-- RUN: --entry projection
-- INPUT: 3.0 2.0
-- EXPECT: -9.0
