-- Stencils whose boundary handling relies on total reads: a 1-D three-point
-- average, a 2-D five-point Laplacian, and a 1-D convolution with a kernel.
entry smooth(a: [n]f64): [n]f64 = build([n], \i -> (a[i - 1] + 2.0 * a[i] + a[i + 1]) / 4.0)

entry laplace(a: [n, m]f64): [n, m]f64 =
  build([n, m], \i j -> a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1] - 4.0 * a[i, j])

entry convolve(a: [n]i64, w: [k]i64): [n]i64 =
  build([n], \i -> sum(build([k], \t -> a[i + t - k / 2] * w[t])))

-- RUN: --entry smooth
-- INPUT: [4.0, 8.0, 0.0, 4.0]
-- EXPECT: [4.0, 5.0, 3.0, 2.0]
-- RUN: --entry smooth
-- INPUT: [8.0]
-- EXPECT: [4.0]
-- RUN: --entry laplace
-- INPUT: [[0.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 0.0]]
-- EXPECT: [[0.0, 1.0, 0.0], [1.0, -4.0, 1.0], [0.0, 1.0, 0.0]]
-- RUN: --entry laplace
-- INPUT: [[1.0, 2.0]]
-- EXPECT: [[-2.0, -7.0]]
-- RUN: --entry convolve
-- INPUT: [1, 2, 3, 4] [1, 10, 100]
-- EXPECT: [210, 321, 432, 43]
-- RUN: --entry convolve
-- INPUT: [1, 2, 3] [5]
-- EXPECT: [5, 10, 15]
