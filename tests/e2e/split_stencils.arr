-- Stencils whose loops the native code splits into three (loops/Split.cpp): the
-- first and last iterations keep their range checks, the middle ones run
-- without. The reads outside the arrays are zeros (LANGUAGE.md section 7), at
-- every size, also when the window is wider than the array.
entry blur(x: [h, v]f64): [h, v]f64 =
  build([h, v], \r c -> sum(build([3], \p ->
    sum(build([3], \q -> x[r + p - 1, c + q - 1] * f64(3 * p + q + 1))))))

-- A window of m taps from two before each element: the offsets' range depends
-- on the size m.
entry window(x: [b, n]f64, w: [m]f64): [b, n]f64 =
  build([b, n], \i j -> sum(build([m], \k -> w[k] * x[i, j + k - 2])))

-- RUN: --entry blur
-- INPUT: [[2.5]]
-- EXPECT: [[12.5]]
-- RUN: --entry blur
-- INPUT: [[2.5, 0.0, -1.75], [-3.5, -1.0, -0.75]]
-- EXPECT: [[-24.5, -39.75, -21.75], [-18.5, -26.25, -11.25]]
-- RUN: --entry blur
-- INPUT: [[-3.75, -3.5], [4.0, 1.25], [-2.0, -0.5]]
-- EXPECT: [[3.5, 5.5], [-11.0, -6.5], [-1.25, -4.0]]
-- RUN: --entry blur
-- INPUT: [[3.75, 3.25, 2.75, -0.75, -0.0, 1.5], [-3.5, 0.5, -1.75, 3.0, -3.5, 1.5], [3.0, -2.25, 3.25, 3.0, -3.75, 1.75], [-4.0, 0.0, -0.5, -2.25, -1.5, 2.5], [-1.5, -2.75, 1.5, -0.5, 2.5, -2.0]]
-- EXPECT: [[14.75, 11.5, 38.75, -12.5, 12.5, -5.0], [6.5, 28.75, 55.0, 1.25, 14.0, -15.75], [-36.0, -20.0, 7.0, -35.75, -1.0, 2.75], [-57.5, -29.75, -14.5, 4.75, -2.25, 7.75], [-32.0, -16.25, -14.25, 9.0, 0.75, 3.5]]
-- RUN: --entry window
-- INPUT: [[-1.5, 2.5, 0.0, 0.0, -2.0], [-4.0, 3.5, -3.25, 2.75, -1.0]] [3.5, -0.75, 3.5]
-- EXPECT: [[-5.25, 9.875, -7.125, 8.75, -7.0], [-14.0, 15.25, -28.0, 24.3125, -16.9375]]
-- RUN: --entry window
-- INPUT: [[0.5, -2.0, 2.0], [1.5, 1.5, -0.25]] [-2.25, 1.25, -3.25, 1.5, 1.0, -1.0]
-- EXPECT: [[-2.625, 10.125, -10.125], [-2.875, -3.375, -0.6875]]
-- RUN: --entry window
-- INPUT: [[2.5]] [-2.5]
-- EXPECT: [[-0.0]]
-- RUN: --entry window
-- INPUT: [[-1.0, 2.5, -1.0, 1.75], [1.0, 3.5, 4.0, 1.75]] empty([0]f64)
-- EXPECT: [[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]]
-- RUN: --entry window
-- INPUT: [[2.5, -2.75, 1.75, 2.75, -0.75, 0.5, -0.25, 3.75, -1.5], [-0.75, -4.0, -0.75, 1.0, 3.5, 3.5, -1.5, 4.0, -2.5], [2.5, -2.75, -0.75, -3.5, 2.75, 2.75, -3.0, 0.25, -2.0]] [-0.0, 0.5, -3.25, 3.0]
-- EXPECT: [[-16.375, 15.4375, 1.1875, -10.3125, 5.3125, -2.75, 12.3125, -16.8125, 6.75], [-9.5625, 10.375, 3.4375, 6.875, -0.375, -14.125, 18.625, -21.25, 10.125], [-16.375, 7.9375, -9.4375, 19.25, -2.4375, -16.5625, 11.875, -8.3125, 6.625]]

-- A lower and an upper bound of the middle loop that are the same value (1, from
-- 0 <= i - 1 and i + 1 < 2) are both kept: here the middle loop is empty, and
-- every target is out of range.
entry scatterBoth(x: [k]i64): [k, 2]i64 = scatter([k, 2], x, \i -> [i - 1, i + 1])
-- RUN: --entry scatterBoth
-- INPUT: [1, 2, 3]
-- EXPECT: [[0, 0], [0, 0], [0, 0]]
