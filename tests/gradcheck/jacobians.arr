-- Full Jacobians with the prelude's jacrev (rows: vjp of one-hot cotangents) and
-- jacfwd (columns: jvp of one-hot tangents, transposed). Checked exactly on a
-- polynomial, then at random points: jacfwd equals jacrev, w^T J equals vjp(f)
-- at w and J v equals the tangent of jvp(f) at v, and J (through jacrev for the
-- vjp side and jacfwd for the jvp side) passes the vjp/jvp identity and finite
-- differences along v. Functions: non-square, with a reduction (softmax), a
-- capturing lambda, gathers at the boundary, f32, and a single result row.

-- f(x) = [x0 x1 x2, x0^2 - 2 x2]: J = [[x1 x2, x0 x2, x0 x1], [2 x0, 0, -2]].
def poly(x: [n]f64): [2]f64 = [x[0] * x[1] * x[2], x[0] * x[0] - 2.0 * x[2]]
entry polyRev(x: [n]f64): [2, n]f64 = jacrev(poly, x)
entry polyFwd(x: [n]f64): [2, n]f64 = jacfwd(poly, x)
-- CHECK-OUTPUT: polyRev
-- INPUT: [1.0, 2.0, 3.0]
-- EXPECT: [[6.0, 3.0, 2.0], [2.0, 0.0, -2.0]]
-- CHECK-OUTPUT: polyFwd
-- INPUT: [1.0, 2.0, 3.0]
-- EXPECT: [[6.0, 3.0, 2.0], [2.0, 0.0, -2.0]]

-- A non-square map with a reduction: [n] -> [m] through softmax of a matvec.
def layer(a: [m, n]f64, x: [n]f64): [m]f64 = softmax(matvec(a, tanh(x))) * sum(x * x)
entry primalLayer(a: [m, n]f64, x: [n]f64): [m]f64 = layer(a, x)
entry revLayer(a: [m, n]f64, x: [n]f64): [m, n]f64 = jacrev(\v -> layer(a, v), x)
entry fwdLayer(a: [m, n]f64, x: [n]f64): [m, n]f64 = jacfwd(\v -> layer(a, v), x)
entry vjpLayer(a: [m, n]f64, x: [n]f64, w: [m]f64) = vjp(\v -> layer(a, v))(x, w)
entry rowsLayer(a: [m, n]f64, x: [n]f64, w: [m]f64): [n]f64 = matvec(transpose(jacrev(\v -> layer(a, v), x)), w)
entry jvpLayer(a: [m, n]f64, x: [n]f64, v: [n]f64) = (jvp(\y -> layer(a, y))(x, v)).1
entry colsLayer(a: [m, n]f64, x: [n]f64, v: [n]f64): [m]f64 = matvec(jacfwd(\y -> layer(a, y), x), v)
entry jacJvpLayer(a: [m, n]f64, x: [n]f64, v: [n]f64) = (layer(a, x), matvec(jacfwd(\y -> layer(a, y), x), v))
-- CHECK-EQUAL: revLayer fwdLayer ~[4,3] [3]
-- CHECK-EQUAL: vjpLayer rowsLayer ~[4,3] [3] ~[4]
-- CHECK-EQUAL: jvpLayer colsLayer ~[4,3] [3] ~[3]
-- CHECK-VJP-JVP: primalLayer rowsLayer jacJvpLayer ~[4,3] [3]

-- Shifted reads (zero past both ends) and a product of neighbours: a banded J.
def band(x: [n]f64): [n + 1]f64 = build([n + 1], \i -> x[i - 1] * x[i] + sin(x[i + 1]))
entry primalBand(x: [n]f64): [n + 1]f64 = band(x)
entry revBand(x: [n]f64): [n + 1, n]f64 = jacrev(band, x)
entry fwdBand(x: [n]f64): [n + 1, n]f64 = jacfwd(band, x)
entry rowsBand(x: [n]f64, w: [n + 1]f64): [n]f64 = matvec(transpose(jacrev(band, x)), w)
entry jacJvpBand(x: [n]f64, v: [n]f64) = (band(x), matvec(jacfwd(band, x), v))
-- CHECK-EQUAL: revBand fwdBand [5]
-- CHECK-VJP-JVP: primalBand rowsBand jacJvpBand [5]

-- f32: the Jacobian of an elementwise map is diagonal.
def cube32(x: [n]f32): [n]f32 = x * x * x - exp(x)
entry primalCube(x: [n]f32): [n]f32 = cube32(x)
entry revCube(x: [n]f32): [n, n]f32 = jacrev(cube32, x)
entry fwdCube(x: [n]f32): [n, n]f32 = jacfwd(cube32, x)
entry rowsCube(x: [n]f32, w: [n]f32): [n]f32 = matvec(transpose(jacrev(cube32, x)), w)
entry jacJvpCube(x: [n]f32, v: [n]f32) = (cube32(x), matvec(jacfwd(cube32, x), v))
entry diagCube(x: [n]f32): [n, n]f32 = build([n, n], \i j -> if i == j then 3 * x[i] * x[i] - exp(x[i]) else 0)
-- (The modes round the three products of x * x * x in different orders.)
-- TOL: 1e-6 1e-7
-- CHECK-EQUAL: revCube fwdCube [4]f32
-- CHECK-EQUAL: revCube diagCube [4]f32
-- TOL: default
-- CHECK-VJP-JVP: primalCube rowsCube jacJvpCube [4]f32

-- One result row ([1, n]): the gradient of the scalar as a row.
def single(x: [n]f64): [1]f64 = [sum(exp(x) * x)]
entry revSingle(x: [n]f64): [1, n]f64 = jacrev(single, x)
entry fwdSingle(x: [n]f64): [1, n]f64 = jacfwd(single, x)
entry gradSingle(x: [n]f64): [1, n]f64 = [grad(\v -> sum(exp(v) * v))(x)]
-- CHECK-EQUAL: revSingle fwdSingle [4]
-- CHECK-EQUAL: revSingle gradSingle [4]
