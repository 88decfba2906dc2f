-- Scans written with build and reductions: inclusive and exclusive prefix sums
-- (a triangle of sumOuter), running maximum, and a filter that packs the
-- selected elements to the front with a scatter at their prefix-sum positions.
entry inclusive(a: [n]i64): [n]i64 = build([n], \i -> sumOuter(build([n], \j -> if j <= i then a[j] else 0)))

entry exclusive(a: [n]f64): [n]f64 = build([n], \i -> sumOuter(build([n], \j -> if j < i then a[j] else 0.0)))

entry runningMax(a: [n]i64): [n]i64 = build([n], \i -> maxOuter(build([n], \j -> if j <= i then a[j] else a[0])))

entry packPositive(a: [n]i64): [n]i64 =
  let keep = build([n], \i -> if a[i] > 0 then 1 else 0)
  let position = build([n], \i -> sumOuter(build([n], \j -> if j < i then keep[j] else 0)))
  in scatter([n], a, \i -> [if keep[i] == 1 then position[i] else n])

-- RUN: --entry inclusive
-- INPUT: [1, 2, 3, 4]
-- EXPECT: [1, 3, 6, 10]
-- RUN: --entry inclusive
-- INPUT: empty([0]i64)
-- EXPECT: empty([0]i64)
-- RUN: --entry exclusive
-- INPUT: [0.5, 0.25, 2.0]
-- EXPECT: [0.0, 0.5, 0.75]
-- RUN: --entry runningMax
-- INPUT: [3, 1, 4, 1, 5, 9, 2, 6]
-- EXPECT: [3, 3, 4, 4, 5, 9, 9, 9]
-- RUN: --entry packPositive
-- INPUT: [-1, 5, 0, 7, -3, 2]
-- EXPECT: [5, 7, 2, 0, 0, 0]
-- RUN: --entry packPositive
-- INPUT: [-1, -2]
-- EXPECT: [0, 0]
