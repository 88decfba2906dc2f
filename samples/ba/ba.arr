-- The ADBench bundle-adjustment residual (Srajer, Kukelova, Fitzgibbon, "A
-- benchmark of selected algorithmic differentiation tools", and ADBench's
-- reference objective) for the first K observations, and its Jacobian.
--
-- Parameters (samples/ba/convert.py writes them from an ADBench .txt file):
--   cams   [n,11]  per camera: rotation r (3, angle-axis, Rodrigues), centre C
--                  (3), focal length f, principal point x0 (2), radial
--                  distortion kappa (2)
--   points [m,3]   3-D points X
--   w      [p]     per observation weight
--   obs    [p,2]   per observation: camera index, point index
--   feats  [p,2]   per observation: the measured feature (image position)
--
-- Observation i of camera c and point q has the reprojection error
--   w_i * (proj(cam_c, X_q) - feat_i),
--   proj = f * distort(kappa, (Y_0 / Y_2, Y_1 / Y_2)) + x0,  Y = R(r) (X - C),
--   distort(kappa, u) = u * (1 + kappa_0 |u|^2 + kappa_1 |u|^4),
-- with R(r) the rotation by |r| about r / |r| (x itself plus r x X when r = 0),
-- and the weight error 1 - w_i^2. Only the first K observations are used.
--
-- The Jacobian is ADBench's sparse one, block by block: the two rows of
-- observation i's reprojection error depend on the 15 parameters
-- (cam_c, X_q, w_i) only, so `jacobian` returns those [K, 2, 15] blocks (one
-- jacfwd per observation, in one parallel loop) and the derivative -2 w_i of
-- each weight error.

def K = 10

def cross(a: [3]f64, b: [3]f64): [3]f64 =
  [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]

-- x rotated by the angle-axis vector r (Rodrigues' formula). `if` evaluates both
-- branches; the first is NaN when r = 0 and is then not selected.
def rotate(r: [3]f64, x: [3]f64): [3]f64 =
  let sqtheta = sum(r * r)
  let theta = sqrt(sqtheta)
  let c = cos(theta)
  let s = sin(theta)
  let axis = r * (1.0 / theta)
  let rotated = x * c + cross(axis, x) * s + axis * (sum(axis * x) * (1.0 - c))
  in if sqtheta != 0.0 then rotated else x + cross(r, x)

-- The image position of point x in camera cam (11 parameters).
def project(cam: [11]f64, x: [3]f64): [2]f64 =
  let y = rotate([cam[0], cam[1], cam[2]], [x[0] - cam[3], x[1] - cam[4], x[2] - cam[5]])
  let u = [y[0] / y[2], y[1] / y[2]]
  let rsq = sum(u * u)
  let l = 1.0 + cam[9] * rsq + cam[10] * rsq * rsq
  in [u[0] * l * cam[6] + cam[7], u[1] * l * cam[6] + cam[8]]

-- The reprojection error of one observation from its 15 parameters
-- v = (cam, X, w) and its feature.
def reprojection(v: [15]f64, feat: [2]f64): [2]f64 =
  v[14] * (project(build([11], \j -> v[j]), [v[11], v[12], v[13]]) - feat)

-- The 15 parameters of observation i.
def observationParams(cams: [n, 11]f64, points: [m, 3]f64, w: [p]f64, obs: [p, 2]i64, i: i64): [15]f64 =
  concat(cams[obs[i, 0]], concat(points[obs[i, 1]], [w[i]]))

-- The residuals of the first K observations: reprojection errors [K, 2] and
-- weight errors [K] (ADBench's order: all reprojection errors, then the weights').
entry residuals(cams: [n, 11]f64, points: [m, 3]f64, w: [p]f64, obs: [p, 2]i64,
                feats: [p, 2]f64): ([K, 2]f64, [K]f64) =
  (build([K], \i -> reprojection(observationParams(cams, points, w, obs, i), feats[i])),
   build([K], \i -> 1.0 - w[i] * w[i]))

-- Their Jacobian: the [2, 15] block of each reprojection error with respect to
-- (cam, X, w) of its observation, columns by forward mode (jacfwd), and the
-- derivative of each weight error with respect to its weight.
entry jacobian(cams: [n, 11]f64, points: [m, 3]f64, w: [p]f64, obs: [p, 2]i64,
               feats: [p, 2]f64): ([K, 2, 15]f64, [K]f64) =
  (build([K], \i -> jacfwd(\v -> reprojection(v, feats[i]), observationParams(cams, points, w, obs, i))),
   build([K], \i -> (jvp(\v -> 1.0 - v * v)(w[i], 1.0)).1))

-- The same blocks by reverse mode (jacrev: rows from vjp).
entry jacobian_rev(cams: [n, 11]f64, points: [m, 3]f64, w: [p]f64, obs: [p, 2]i64,
                   feats: [p, 2]f64): [K, 2, 15]f64 =
  build([K], \i -> jacrev(\v -> reprojection(v, feats[i]), observationParams(cams, points, w, obs, i)))
