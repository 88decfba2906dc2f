-- argmaxOuter: the index of the first maximum (ties go to the first index).
entry a1(a: [n]f64): i64 = argmaxOuter(a)

entry ai(a: [n]i64): i64 = argmaxOuter(a)

entry a2(a: [n, m]i64): [m]i64 = argmaxOuter(a)

entry a3(a: [n, m, p]f32): [m, p]i64 = argmaxOuter(a)

-- RUN: --entry a1
-- INPUT: [1.0, 3.0, 2.0, 3.0]
-- EXPECT: 1
-- RUN: --entry a1
-- INPUT: [5.0]
-- EXPECT: 0
-- RUN: --entry a1
-- INPUT: [-1.0, -1.0, -1.0]
-- EXPECT: 0
-- RUN: --entry a1
-- INPUT: [-inf, -2.0, inf, inf]
-- EXPECT: 2
-- RUN: --entry ai
-- INPUT: [2, 7, 7, 1]
-- EXPECT: 1
-- RUN: --entry ai
-- INPUT: [-4, -9, -4]
-- EXPECT: 0
-- RUN: --entry a2
-- INPUT: [[1, 5, 2], [4, 5, 2], [4, 0, 3]]
-- EXPECT: [1, 0, 2]
-- RUN: --entry a3
-- INPUT: [[[1.0, 2.0], [3.0, 4.0]], [[1.0, 0.5], [3.5, 4.0]]]
-- EXPECT: [[0, 0], [1, 0]]
