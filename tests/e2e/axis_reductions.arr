-- Reductions along inner axes: transpose then reduce, per-row reductions with
-- build, argmax per row and per column, and a rank-3 reduction over the middle axis.
entry rowSums(a: [n, m]i64): [n]i64 = sumOuter(tr([1, 0], a))

entry rowMax(a: [n, m]i64): [n]i64 = maxOuter(transpose(a))

entry rowArgmax(a: [n, m]f64): [n]i64 = build([n], \i -> argmaxOuter(a[i]))

entry colArgmax(a: [n, m]f64): [m]i64 = argmaxOuter(a)

entry middle(a: [p, q, r]i64): [p, r]i64 = sumOuter(tr([1, 0], a))

entry total(a: [p, q, r]i64): i64 = sum(sum(sum(a)))

-- RUN: --entry rowSums
-- INPUT: [[1, 2, 3], [4, 5, 6]]
-- EXPECT: [6, 15]
-- RUN: --entry rowMax
-- INPUT: [[1, 7, 3], [-4, -5, -6]]
-- EXPECT: [7, -4]
-- RUN: --entry rowMax
-- INPUT: empty([2,0]i64)
-- EXPECT: [-9223372036854775808, -9223372036854775808]
-- RUN: --entry rowArgmax
-- INPUT: [[0.5, 2.0, 2.0], [-1.0, -3.0, -1.0]]
-- EXPECT: [1, 0]
-- RUN: --entry colArgmax
-- INPUT: [[0.5, 2.0, 2.0], [-1.0, 3.0, 2.0]]
-- EXPECT: [0, 1, 0]
-- RUN: --entry middle
-- INPUT: [[[1, 2], [3, 4], [5, 6]], [[10, 20], [30, 40], [50, 60]]]
-- EXPECT: [[9, 12], [90, 120]]
-- RUN: --entry total
-- INPUT: [[[1, 2], [3, 4], [5, 6]], [[10, 20], [30, 40], [50, 60]]]
-- EXPECT: 231
