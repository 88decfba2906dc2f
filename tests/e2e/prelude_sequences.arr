-- Prelude concat, reverse, take and drop (static counts), with empty pieces.
entry cat(a: [n]i64, b: [m]i64): [n + m]i64 = concat(a, b)

entry catF(a: [n]f64, b: [m]f64): [m + n]f64 = concat(b, a)

entry rev(a: [n]f64): [n]f64 = reverse(a)

entry revBool(a: [n]bool): [n]bool = reverse(a)

entry firstTwo(a: [2 + m]i64): [2]i64 = take(2, a)

entry afterTwo(a: [2 + m]i64): [m]i64 = drop(2, a)

entry split(a: [n]i64, b: [m]i64): ([n]i64, [m]i64) =
  let c = concat(a, b)
  in (take(n, c), drop(n, c))

entry palindrome(a: [n]i64): [n + n]i64 = concat(a, reverse(a))

-- RUN: --entry cat
-- INPUT: [1, 2] [3, 4, 5]
-- EXPECT: [1, 2, 3, 4, 5]
-- RUN: --entry cat
-- INPUT: empty([0]i64) [7]
-- EXPECT: [7]
-- RUN: --entry cat
-- INPUT: empty([0]i64) empty([0]i64)
-- EXPECT: empty([0]i64)
-- RUN: --entry catF
-- INPUT: [1.5] [-2.0, 0.0]
-- EXPECT: [-2.0, 0.0, 1.5]
-- RUN: --entry rev
-- INPUT: [1.0, 2.0, 3.0, 4.0]
-- EXPECT: [4.0, 3.0, 2.0, 1.0]
-- RUN: --entry rev
-- INPUT: empty([0]f64)
-- EXPECT: empty([0]f64)
-- RUN: --entry revBool
-- INPUT: [true, false, false]
-- EXPECT: [false, false, true]
-- RUN: --entry firstTwo
-- INPUT: [9, 8, 7, 6]
-- EXPECT: [9, 8]
-- RUN: --entry afterTwo
-- INPUT: [9, 8, 7, 6]
-- EXPECT: [7, 6]
-- RUN: --entry afterTwo
-- INPUT: [9, 8]
-- EXPECT: empty([0]i64)
-- RUN: --entry afterTwo
-- INPUT: [9]
-- EXPECT-ERROR: parameter 'a'
-- RUN: --entry split
-- INPUT: [1, 2, 3] [4, 5]
-- EXPECT: [1, 2, 3]
-- EXPECT: [4, 5]
-- RUN: --entry palindrome
-- INPUT: [1, 2, 3]
-- EXPECT: [1, 2, 3, 3, 2, 1]
