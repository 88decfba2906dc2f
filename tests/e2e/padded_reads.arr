-- Reads under range checks (a read outside an array yields zero): the pad pass reads
-- arrays that a loop reads many times over from a copy with zero margins
-- (loops/Pad.cpp). A 3 x 3 correlation per channel (margins of one on each side; an
-- infinite weight times a margin's zero is NaN, as it is for a checked read); taps
-- reaching two elements below the array and none past it; a read that never leaves the
-- array (no copy, no checks); and, left with their checks, a stencil without a loop
-- that reuses its reads and a read whose reach is not affine in the size. Results are
-- the interpreter's.
entry channels(w: [k, 3, 3]f64, x: [h, v]f64): [k, h, v]f64 =
  build([k, h, v], \o r c ->
    sum(build([3], \p -> sum(build([3], \q -> w[o, p, q] * x[r + p - 1, c + q - 1])))))
entry stencil(x: [n]f64): [n]f64 =
  build([n], \i -> x[i - 1] + x[i] + x[i + 1])
entry inside(x: [n]f64, w: [k, 3]f64): [k, n - 2]f64 =
  build([k, n - 2], \o i -> sum(build([3], \p -> w[o, p] * x[i + p])))
entry lopsided(x: [n]f64, w: [k, 3]f64): [k, n]f64 =
  build([k, n], \o i -> sum(build([3], \p -> w[o, p] * x[i + p - 2])))
entry strided(x: [n]f64, w: [k]f64): [k, n]f64 =
  build([k, n], \o i -> w[o] * x[2 * i - 1])
-- One check for two dimensions that read the same index: both get the margin.
entry diagonal(x: [n, n]f64, w: [k]f64): [k, n]f64 =
  build([k, n], \o i -> w[o] * x[i - 1, i - 1])

-- RUN: --entry channels
-- INPUT: [[[2.0, -3.0, -2.0], [-2.0, -2.0, 2.0], [3.0, 1.0, -3.0]], [[inf, -1.0, 0.0], [1.0, 0.0, -2.0], [-2.0, 1.0, 2.0]]] [[-3.0, -3.0, 0.0, -1.0, 3.0], [0.0, -1.0, 0.0, 1.0, 1.0], [-2.0, 2.0, 2.0, 3.0, 2.0], [-2.0, -1.0, 1.0, 1.0, 1.0]]
-- EXPECT: [[[3.0, 11.0, -2.0, 6.0, 0.0], [5.0, -5.0, -1.0, 0.0, -4.0], [11.0, -3.0, -11.0, -10.0, -7.0], [4.0, -6.0, -6.0, -11.0, -4.0]], [[nan, nan, nan, nan, nan], [nan, -inf, -inf, nan, -inf], [nan, nan, -inf, nan, inf], [nan, -inf, inf, inf, inf]]]

-- RUN: --entry channels
-- INPUT: [[[3.0, -1.0, 3.0], [-3.0, -3.0, 3.0], [3.0, -1.0, -3.0]]] [[-1.0]]
-- EXPECT: [[[3.0]]]

-- RUN: --entry stencil
-- INPUT: [-3.0, 3.0, 1.0, 1.0, -2.0, 0.0]
-- EXPECT: [0.0, 1.0, 5.0, 0.0, -1.0, -2.0]

-- RUN: --entry inside
-- INPUT: [-2.0, 2.0, 0.0, -3.0, -2.0] [[1.0, 0.0, -1.0], [-2.0, -3.0, 1.0]]
-- EXPECT: [[-2.0, 5.0, 2.0], [-2.0, -7.0, 7.0]]

-- RUN: --entry lopsided
-- INPUT: [1.0, 0.0, 3.0, 3.0] [[-2.0, 1.0, 1.0], [-2.0, -1.0, 0.0], [2.0, -1.0, 2.0]]
-- EXPECT: [[1.0, 1.0, 1.0, 6.0], [0.0, -1.0, -2.0, -3.0], [2.0, -1.0, 8.0, 3.0]]

-- RUN: --entry lopsided
-- INPUT: [1.0] [[-2.0, -1.0, 2.0], [2.0, 1.0, -3.0]]
-- EXPECT: [[2.0], [-3.0]]

-- RUN: --entry strided
-- INPUT: [1.0, -2.0, 2.0, 3.0, 0.0] [3.0, 2.0]
-- EXPECT: [[0.0, -6.0, 9.0, 0.0, 0.0], [0.0, -4.0, 6.0, 0.0, 0.0]]

-- RUN: --entry diagonal
-- INPUT: [[1.0, 2.0, -1.0], [3.0, 4.0, 5.0], [-2.0, 0.5, 7.0]] [2.0, -3.0]
-- EXPECT: [[0.0, 2.0, 8.0], [-0.0, -3.0, -12.0]]
