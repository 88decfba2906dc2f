-- Examples in the style of the dual-arrays paper: build1 k (\i -> a[i] + 1),
-- matrix multiplication with build and sumOuter, reverse via gather, a
-- histogram via scatter, and the same operations composed.
entry incr(a: [k]f64): [k]f64 = build([k], \i -> a[i] + 1)

entry matmul2(a: [n, k]f64, b: [k, m]f64): [n, m]f64 =
  build([n, m], \i j -> sumOuter(build([k], \l -> a[i, l] * b[l, j])))

-- The same product as a sum of outer products: sumOuter over the shared dimension.
entry matmulOuter(a: [n, k]f64, b: [k, m]f64): [n, m]f64 =
  sumOuter(build([k], \l -> build([n, m], \i j -> a[i, l] * b[l, j])))

entry rev(a: [n]f64): [n]f64 = gather([n], a, \i -> [n - 1 - i])

entry histogram(v: [k]i64): [5]i64 = scatter([5], replicate(k, 1), \i -> [v[i]])

-- Reversing through a scatter is the same as through a gather.
entry revBoth(a: [n]i64): ([n]i64, [n]i64) =
  (gather([n], a, \i -> [n - 1 - i]), scatter([n], a, \i -> [n - 1 - i]))

-- RUN: --entry incr
-- INPUT: [1.0, 2.0, 3.0]
-- EXPECT: [2.0, 3.0, 4.0]
-- RUN: --entry matmul2
-- INPUT: [[1.0, 2.0], [3.0, 4.0]] [[5.0, 6.0], [7.0, 8.0]]
-- EXPECT: [[19.0, 22.0], [43.0, 50.0]]
-- RUN: --entry matmul2
-- INPUT: [[1.0, 2.0, 3.0]] [[1.0], [0.5], [0.25]]
-- EXPECT: [[2.75]]
-- RUN: --entry matmulOuter
-- INPUT: [[1.0, 2.0], [3.0, 4.0]] [[5.0, 6.0], [7.0, 8.0]]
-- EXPECT: [[19.0, 22.0], [43.0, 50.0]]
-- RUN: --entry matmulOuter
-- INPUT: empty([2,0]f64) empty([0,2]f64)
-- EXPECT: [[0.0, 0.0], [0.0, 0.0]]
-- RUN: --entry rev
-- INPUT: [1.0, 2.0, 3.0, 4.0, 5.0]
-- EXPECT: [5.0, 4.0, 3.0, 2.0, 1.0]
-- RUN: --entry rev
-- INPUT: [1.0]
-- EXPECT: [1.0]
-- RUN: --entry histogram
-- INPUT: [0, 4, 4, 2, 9, -3, 4]
-- EXPECT: [1, 0, 1, 0, 3]
-- RUN: --entry revBoth
-- INPUT: [1, 2, 3]
-- EXPECT: [3, 2, 1]
-- EXPECT: [3, 2, 1]
