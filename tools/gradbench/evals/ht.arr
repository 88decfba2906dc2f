-- GradBench's `ht` eval (evals/ht/README.md, ADBench's hand tracking): the residuals
-- between observed points and the points of a skinned hand model posed by 26 parameters
-- theta, and their Jacobian. Written from GradBench's reference (cpp/gradbench/evals/
-- ht.hpp), which the eval's README points to for the model:
--
-- - theta gives the pose: column 0 of the pose is the global rotation (angle-axis),
--   column 1 the global scale (1), column 2 the translation, and each finger f has
--   bones 5+4f .. 7+4f: the first bends about two axes, the others about one.
-- - Each bone's relative transform is its base relative transform times the rotation of
--   its Euler angles; absolute transforms compose them from the root down the parents;
--   times the inverse base absolutes, they move the vertices, each vertex a weighted sum
--   over bones (linear blend skinning). The model may be mirrored (x negated); the
--   global rotation and translation apply last.
-- - "simple": residual i is point i minus vertex correspondences[i]. "complicated":
--   minus the point of triangle correspondences[i] at barycentric coordinates
--   (u0, u1, 1 - u0 - u1), the us being variables too.
--
-- Matrices are row-major ([row, column]); the pose is [bones + 3, 3], a column per row.

def angleAxisToRotation(aa: [3]f64): [3, 3]f64 =
  let norm = sqrt(sumOuter(aa * aa))
  let x = aa[0] / norm
  let y = aa[1] / norm
  let z = aa[2] / norm
  let s = sin(norm)
  let c = cos(norm)
  let r = [[x * x + (1.0 - x * x) * c, x * y * (1.0 - c) - z * s, x * z * (1.0 - c) + y * s],
           [x * y * (1.0 - c) + z * s, y * y + (1.0 - y * y) * c, y * z * (1.0 - c) - x * s],
           [x * z * (1.0 - c) - y * s, z * y * (1.0 - c) + x * s, z * z + (1.0 - z * z) * c]]
  in if norm < 0.0001 then [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]] else r

-- Rz Ry Rx for the angles (x, z, y).
def eulerAnglesToRotation(xzy: [3]f64): [3, 3]f64 =
  let tx = xzy[0]
  let ty = xzy[2]
  let tz = xzy[1]
  let rx = [[1.0, 0.0, 0.0], [0.0, cos(tx), -sin(tx)], [0.0, sin(tx), cos(tx)]]
  let ry = [[cos(ty), 0.0, sin(ty)], [0.0, 1.0, 0.0], [-sin(ty), 0.0, cos(ty)]]
  let rz = [[cos(tz), -sin(tz), 0.0], [sin(tz), cos(tz), 0.0], [0.0, 0.0, 1.0]]
  in matmul(matmul(rz, ry), rx)

-- The pose [nb + 3, 3] from theta [26] (see above; columns of other bones are 0).
def poseParams(theta: [nt]f64, nb: i64): [nb + 3, 3]f64 =
  build([nb + 3, 3], \c r ->
    let f = (c - 5) / 4
    let j = (c - 5) % 4
    let base = 6 + 4 * f
    in if c == 0 then theta[r]
       else if c == 1 then 1.0
       else if c == 2 then theta[3 + r]
       else if c < 5 || j == 3 then 0.0
       else if j == 0 then (if r == 0 then theta[base] else if r == 1 then theta[base + 1] else 0.0)
       else if r == 0 then theta[base + 1 + j]
       else 0.0)

-- The 4 x 4 transform with rotation r and no translation.
def homogeneous(r: [3, 3]f64): [4, 4]f64 =
  build([4, 4], \i j -> if i < 3 && j < 3 then r[i, j] else if i == j then 1.0 else 0.0)

-- The posed vertex positions [nv, 3].
-- The bones' transforms [nb, 4, 4]: posed relative transforms, composed from the root
-- down the parents, times the inverse base absolutes.
def boneTransforms(theta: [nt]f64, parents: [nb]i64, baseRelatives: [nb, 4, 4]f64,
                   inverseBaseAbsolutes: [nb, 4, 4]f64): [nb, 4, 4]f64 =
  let pose = poseParams(theta, nb)
  let relatives = build([nb], \b -> matmul(baseRelatives[b], homogeneous(eulerAnglesToRotation(pose[b + 3]))))
  -- Parents come before their children: one pass down the bones.
  let absolutes = fold(\done b ->
      let a = if parents[b] < 0 then relatives[b] else matmul(done[parents[b]], relatives[b])
      in build([nb], \k -> if k == b then a else done[k]),
    relatives, iota(nb))
  in build([nb], \b -> matmul(absolutes[b], inverseBaseAbsolutes[b]))

-- Linear blend skinning: each vertex moved by the weighted sum of the bones' transforms,
-- mirrored (x negated) if the model is, [nv, 3].
def skin(transforms: [nb, 4, 4]f64, basePositions: [nv, 4]f64, weights: [nv, nb]f64,
         mirrored: bool): [nv, 3]f64 =
  let mirror = build([3], \i -> if mirrored && i == 0 then -1.0 else 1.0)
  in build([nv, 3], \v i ->
       mirror[i] * sumOuter(build([nb], \b -> weights[v, b] * sumOuter(transforms[b, i] * basePositions[v]))))

-- The global rotation and translation.
def place(theta: [nt]f64, skinned: [nv, 3]f64): [nv, 3]f64 =
  let pose = poseParams(theta, 0)
  let rotation = angleAxisToRotation(pose[0]) * pose[1]  -- column i scaled by pose[1][i]
  in build([nv], \v -> matvec(rotation, skinned[v]) + pose[2])

-- The posed vertex positions [nv, 3].
def skinnedVertices(theta: [nt]f64, parents: [nb]i64, baseRelatives: [nb, 4, 4]f64,
                    inverseBaseAbsolutes: [nb, 4, 4]f64, basePositions: [nv, 4]f64,
                    weights: [nv, nb]f64, mirrored: bool): [nv, 3]f64 =
  place(theta, skin(boneTransforms(theta, parents, baseRelatives, inverseBaseAbsolutes),
                    basePositions, weights, mirrored))

-- The tangents of the posed vertices for each parameter, [nt] of ([nv, 3], [nv, 3]) (the
-- vertices, then their tangent): forward mode by the chain rule in steps, a jvp of each
-- function at the tangents the previous one gave (one jvp through skinnedVertices for
-- each parameter is three times slower: the compiler does not keep the transforms' tangents
-- apart from the skinning's loop over the vertices).
def vertexTangents(theta: [nt]f64, parents: [nb]i64, baseRelatives: [nb, 4, 4]f64,
                   inverseBaseAbsolutes: [nb, 4, 4]f64, basePositions: [nv, 4]f64,
                   weights: [nv, nb]f64, mirrored: bool): ([nt, nv, 3]f64, [nt, nv, 3]f64) =
  let transforms = build([nt], \k ->
    jvp(\t -> boneTransforms(t, parents, baseRelatives, inverseBaseAbsolutes))
       (theta, build([nt], \j -> if j == k then 1.0 else 0.0)))
  let skinned = build([nt], \k ->
    jvp(\bones -> skin(bones, basePositions, weights, mirrored))(transforms.0[k], transforms.1[k]))
  in build([nt], \k ->
       jvp(\t s -> place(t, s))(theta, skinned.0[k], build([nt], \j -> if j == k then 1.0 else 0.0),
                                 skinned.1[k]))

-- The simple residuals from the posed vertices [nv, 3].
def atVertices(vertices: [nv, 3]f64, correspondences: [nc]i64, points: [nc, 3]f64): [nc, 3]f64 =
  build([nc], \i -> points[i] - vertices[correspondences[i]])

-- The complicated residuals from the posed vertices.
def fromVertices(vertices: [nv, 3]f64, us: [nc, 2]f64, triangles: [nt3, 3]i64,
                 correspondences: [nc]i64, points: [nc, 3]f64): [nc, 3]f64 =
  build([nc], \i ->
    let t = triangles[correspondences[i]]
    let u = us[i]
    in points[i] - (u[0] * vertices[t[0]] + u[1] * vertices[t[1]]
                    + (1.0 - u[0] - u[1]) * vertices[t[2]]))

entry simple(theta: [nt]f64, parents: [nb]i64, baseRelatives: [nb, 4, 4]f64,
             inverseBaseAbsolutes: [nb, 4, 4]f64, basePositions: [nv, 4]f64,
             weights: [nv, nb]f64, mirrored: bool, correspondences: [nc]i64,
             points: [nc, 3]f64): [nc, 3]f64 =
  atVertices(skinnedVertices(theta, parents, baseRelatives, inverseBaseAbsolutes, basePositions,
                             weights, mirrored),
             correspondences, points)

-- The Jacobian by forward mode, one tangent per parameter (vertexTangents, then a jvp of
-- the residuals at each): [nt, nc, 3], column by column, as GradBench's reference stores it.
entry simpleJacobian(theta: [nt]f64, parents: [nb]i64, baseRelatives: [nb, 4, 4]f64,
                     inverseBaseAbsolutes: [nb, 4, 4]f64, basePositions: [nv, 4]f64,
                     weights: [nv, nb]f64, mirrored: bool, correspondences: [nc]i64,
                     points: [nc, 3]f64): [nt, nc, 3]f64 =
  let tangents = vertexTangents(theta, parents, baseRelatives, inverseBaseAbsolutes,
                                basePositions, weights, mirrored)
  in build([nt], \k ->
       (jvp(\v -> atVertices(v, correspondences, points))(tangents.0[k], tangents.1[k])).1)

entry complicated(theta: [nt]f64, us: [nc, 2]f64, parents: [nb]i64, baseRelatives: [nb, 4, 4]f64,
                  inverseBaseAbsolutes: [nb, 4, 4]f64, basePositions: [nv, 4]f64,
                  weights: [nv, nb]f64, mirrored: bool, triangles: [nt3, 3]i64,
                  correspondences: [nc]i64, points: [nc, 3]f64): [nc, 3]f64 =
  fromVertices(skinnedVertices(theta, parents, baseRelatives, inverseBaseAbsolutes,
                               basePositions, weights, mirrored),
               us, triangles, correspondences, points)

-- The Jacobian with respect to (us, theta) column by column, as two parts (the adapter
-- puts them side by side): the columns of u0 and u1 [2, nc, 3], then theta's [nt, nc, 3].
-- Residual i depends on us[i] only, so the columns of u0 and u1 are one jvp each, with
-- the tangent 1 for every u0 (every u1). Theta's columns are one tangent per parameter
-- (vertexTangents, then a jvp of the residuals at each). One jvp per parameter through
-- the whole function instead is 50 times slower (550 ms at the smallest size instead of
-- 11): the compiler recomputes every vertex's tangent inside the loop over the residuals
-- (arrc --dump-after=loops shows the loop over nv inside the loop over nc), a compiler
-- issue reported with this program; so is a `let (v, dv) = jvp(..)` of the vertices
-- inside the build over the parameters, and joining the two parts here with
-- build([2 + nt], \c -> if c < 2 then ofUs[c] else ofTheta[c - 2]).
entry complicatedJacobian(theta: [nt]f64, us: [nc, 2]f64, parents: [nb]i64,
                          baseRelatives: [nb, 4, 4]f64, inverseBaseAbsolutes: [nb, 4, 4]f64,
                          basePositions: [nv, 4]f64, weights: [nv, nb]f64, mirrored: bool,
                          triangles: [nt3, 3]i64, correspondences: [nc]i64,
                          points: [nc, 3]f64): ([2, nc, 3]f64, [nt, nc, 3]f64) =
  let tangents = vertexTangents(theta, parents, baseRelatives, inverseBaseAbsolutes,
                                basePositions, weights, mirrored)
  let vertices = tangents.0[0]
  let ofUs = build([2], \c ->
    (jvp(\u -> fromVertices(vertices, u, triangles, correspondences, points))
       (us, build([nc, 2], \_ j -> if j == c then 1.0 else 0.0))).1)
  let ofTheta = build([nt], \k ->
    (jvp(\w -> fromVertices(w, us, triangles, correspondences, points))
       (tangents.0[k], tangents.1[k])).1)
  in (ofUs, ofTheta)
