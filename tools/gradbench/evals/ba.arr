-- GradBench's `ba` eval (evals/ba/README.md, ADBench's bundle adjustment): the
-- reprojection errors [p, 2] and weight errors [p] of p observations, and their sparse
-- Jacobian in GradBench's format. The projection (Rodrigues rotation, radial
-- distortion) is samples/ba/ba.arr's `project`, imported; its own entries (for the
-- first K observations) are not entries of this program.
import "../../../samples/ba/ba.arr"

-- An observation's reprojection error from its camera, point, weight and feature.
def reprojError(cam: [11]f64, x: [3]f64, w: f64, feat: [2]f64): [2]f64 =
  w * (project(cam, x) - feat)

entry objective(cams: [n, 11]f64, points: [m, 3]f64, w: [p]f64, obs: [p, 2]i64,
                feats: [p, 2]f64): ([p, 2]f64, [p]f64) =
  (build([p], \i -> reprojError(cams[obs[i, 0]], points[obs[i, 1]], w[i], feats[i])), 1.0 - w * w)

-- The Jacobian of (reprojection errors, weight errors) with respect to (cams, points, w),
-- [3p, 11n + 3m + p], as GradBench's reference stores it (compressed sparse rows): row
-- 2i + r (r = 0, 1) is the reprojection error's coordinate r of observation i, with 15
-- non-zeros, at the columns of its camera's 11 parameters, its point's 3 and its weight;
-- row 2p + i is weight error i, with one non-zero, at the column of w_i. Returns the row
-- offsets [3p + 1], then the columns and the values of the non-zeros row by row, each in
-- two parts: the reprojection errors' [p, 2, 15] and the weight errors' [p] (the list
-- is the first part flattened, then the second; the adapter joins them). Joining them
-- here, with concat(reshape([30 * p], blocks), weights), would be 20 times slower: the
-- reshape is fused into a loop over the 30p values that recomputes each observation's
-- whole block for every value (a compiler issue, reported with a reproducer).
-- Each observation's [2, 15] block is by forward mode, 15 jvps, one per parameter of
-- (cam, X, w): four times faster here than two vjps (jacrev), and a quarter faster than
-- jacfwd of samples/ba's `reprojection` of the 15 parameters gathered into one vector.
entry jacobian(cams: [n, 11]f64, points: [m, 3]f64, w: [p]f64, obs: [p, 2]i64, feats: [p, 2]f64):
    ([3 * p + 1]i64, [p, 2, 15]i64, [p]i64, [p, 2, 15]f64, [p]f64) =
  let blocks = build([p], \i ->
    tr([1, 0], build([15], \j ->
      (jvp(\c x v -> reprojError(c, x, v, feats[i]))
         (cams[obs[i, 0]], points[obs[i, 1]], w[i], build([11], \a -> if a == j then 1.0 else 0.0),
          build([3], \a -> if a + 11 == j then 1.0 else 0.0), if j == 14 then 1.0 else 0.0)).1)))
  let weights = build([p], \i -> (jvp(\v -> 1.0 - v * v)(w[i], 1.0)).1)
  let blockCols = build([p, 2, 15], \i _ c ->
    if c < 11 then 11 * obs[i, 0] + c
    else if c < 14 then 11 * n + 3 * obs[i, 1] + (c - 11)
    else 11 * n + 3 * m + i)
  let weightCols = build([p], \i -> 11 * n + 3 * m + i)
  let rows = build([3 * p + 1], \r -> if r <= 2 * p then 15 * r else 30 * p + (r - 2 * p))
  in (rows, blockCols, weightCols, blocks, weights)
