-- A strictly lower-triangular matrix packed column by column (as ADBench's GMM
-- stores its Q factors), times a vector, for each of n points. The packed size l
-- is an independent size, so reads of the packed array are guarded; native code
-- sums it column-outer (a triangular interchange) with an unguarded version of
-- the inner loop taken when l is large enough. Results must stay the
-- interpreter's exactly, also when l is too small and reads fall outside.
def lower(ls: [l]f64, v: [d]f64): [d]f64 =
  build([d], \r -> sumOuter(build([d], \c ->
    if c < r then ls[c * (d - 1) - (c * (c - 1)) / 2 + (r - c - 1)] * v[c] else 0.0)))
entry points(ls: [l]f64, x: [n, d]f64): [n, d]f64 = build([n], \p -> lower(ls, x[p]))

-- RUN: --entry points
-- INPUT: [1.0, 2.0, 3.0, 4.0, 5.0, 6.0] [[1.0, 10.0, 100.0, 1000.0], [2.0, 20.0, 200.0, 2000.0]]
-- EXPECT: [[0.0, 1.0, 42.0, 653.0], [0.0, 2.0, 84.0, 1306.0]]
-- RUN: --entry points
-- INPUT: [1.0, 2.0, 3.0] [[1.0, 10.0, 100.0, 1000.0]]
-- EXPECT: [[0.0, 1.0, 2.0, 3.0]]
-- RUN: --entry points
-- INPUT: [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0] [[-0.0, 1.0, -2.0, 0.5]]
-- EXPECT: [[0.0, 0.0, 4.0, -7.0]]
-- RUN: --entry points
-- INPUT: empty([0]f64) [[1.0, 2.0]]
-- EXPECT: [[0.0, 0.0]]
