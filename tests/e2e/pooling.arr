-- Image-style operations: 2x2 max pooling (reshape, transpose, maxOuter),
-- average pooling, nearest-neighbour upsampling via gather, a horizontal flip.
entry maxPool(img: [h * 2, w * 2]f64): [h, w]f64 =
  let blocks = tr([0, 2, 1, 3], reshape([h, 2, w, 2], img))
  in build([h, w], \i j -> maxOuter(reshape([4], blocks[i, j])))

entry avgPool(img: [h * 2, w * 2]f64): [h, w]f64 =
  build([h, w], \i j -> sum(reshape([4], gather([2, 2], img, \a b -> [2 * i + a, 2 * j + b])))) / 4.0

entry upsample(img: [h, w]i64): [h * 2, w * 2]i64 = gather([h * 2, w * 2], img, \i j -> [i / 2, j / 2])

entry flip(img: [h, w]i64): [h, w]i64 = map(reverse, img)

-- RUN: --entry maxPool
-- INPUT: [[1.0, 2.0, 5.0, 0.0], [3.0, 4.0, -1.0, -2.0]]
-- EXPECT: [[4.0, 5.0]]
-- RUN: --entry maxPool
-- INPUT: [[1.0, 2.0, 5.0], [3.0, 4.0, -1.0]]
-- EXPECT-ERROR: parameter 'img'
-- RUN: --entry avgPool
-- INPUT: [[1.0, 2.0], [3.0, 4.0], [0.0, 0.0], [8.0, -4.0]]
-- EXPECT: [[2.5], [1.0]]
-- RUN: --entry upsample
-- INPUT: [[1, 2], [3, 4]]
-- EXPECT: [[1, 1, 2, 2], [1, 1, 2, 2], [3, 3, 4, 4], [3, 3, 4, 4]]
-- RUN: --entry flip
-- INPUT: [[1, 2, 3], [4, 5, 6]]
-- EXPECT: [[3, 2, 1], [6, 5, 4]]
