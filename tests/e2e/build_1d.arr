-- build in one dimension: the paper's `build1 k (\i -> a[i] + 1)`, index
-- arithmetic, i64 and bool bodies, and an empty build.
entry main(a: [n]f64): [n]f64 = build([n], \i -> a[i] + 1.0)

entry squares(): [5]i64 = build([5], \i -> i * i)

entry evens(a: [n]i64): [n]bool = build([n], \i -> a[i] % 2 == 0)

entry weighted(a: [n]f64): [n]f64 = build([n], \i -> a[i] * f64(i))

entry nothing(): [0]f64 = build([0], \i -> f64(i))

-- RUN:
-- INPUT: [1.0, 2.5, -3.0]
-- EXPECT: [2.0, 3.5, -2.0]
-- RUN: --entry main
-- INPUT: [0.25]
-- EXPECT: [1.25]
-- RUN:
-- INPUT: empty([0]f64)
-- EXPECT: empty([0]f64)
-- RUN: --entry squares
-- EXPECT: [0, 1, 4, 9, 16]
-- RUN: --entry evens
-- INPUT: [1, 2, -3, -4, 0]
-- EXPECT: [false, true, false, true, true]
-- RUN: --entry weighted
-- INPUT: [1.5, 1.5, 1.5, 2.0]
-- EXPECT: [0.0, 1.5, 3.0, 6.0]
-- RUN: --entry nothing
-- EXPECT: empty([0]f64)
