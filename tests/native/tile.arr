-- Products in the layouts and element types that the register tiles of
-- loops/Tile.cpp handle (tests/native/tile_test.py runs them on shapes around the
-- tiles' edges against the interpreter).

entry product(a: [n, k]f64, b: [k, m]f64): [n, m]f64 = matmul(a, b)

entry productBt(a: [n, k]f64, b: [m, k]f64): [n, m]f64 = matmul(a, transpose(b))

entry productAt(a: [k, n]f64, b: [k, m]f64): [n, m]f64 = matmul(transpose(a), b)

entry product32(a: [n, k]f32, b: [k, m]f32): [n, m]f32 = matmul(a, b)

entry productInt(a: [n, k]i64, b: [k, m]i64): [n, m]i64 = matmul(a, b)

-- A dense layer: the statements after the sum (bias, relu) run in lanes; the terms
-- compute a value per row (a relu of the input) before the product.
entry dense(x: [n, k]f64, w: [k, m]f64, bias: [m]f64): [n, m]f64 =
  build([n, m], \i j -> max(sum(build([k], \l -> max(x[i, l], 0.0) * w[l, j])) + bias[j], 0.0))

-- A product per batch element: the tiles sit inside the batch loop.
entry batched(a: [p, n, k]f64, b: [p, k, m]f64): [p, n, m]f64 =
  build([p, n, m], \q i j -> sum(build([k], \l -> a[q, i, l] * b[q, l, j])))

-- A result stored transposed: its columns are a's rows, and a is the packed operand.
entry transposedResult(a: [n, k]f64, b: [k, m]f64): [m, n]f64 =
  build([m, n], \j i -> sum(build([k], \l -> a[i, l] * b[l, j])))

-- The gradient of a loss that needs both products of its product.
def loss(a: [n, k]f64, b: [k, m]f64, c: [n, m]f64): f64 = sum(sum((matmul(a, b) - c) ** 2.0))
entry lossGradA(a: [n, k]f64, b: [k, m]f64, c: [n, m]f64): [n, k]f64 = grad(\x -> loss(x, b, c))(a)
entry lossGradB(a: [n, k]f64, b: [k, m]f64, c: [n, m]f64): [k, m]f64 = grad(\y -> loss(a, y, c))(b)

-- The gradient of a layer's loss with respect to its weights: relu(x)^T dz, whose row
-- operand is computed and read down x's columns (packed whole per tile of rows).
def layerLoss(x: [n, k]f64, w: [k, m]f64, c: [n, m]f64): f64 =
  sum(sum((matmul(map(relu, x), w) - c) ** 2.0))
entry layerGradW(x: [n, k]f64, w: [k, m]f64, c: [n, m]f64): [k, m]f64 =
  grad(\v -> layerLoss(x, v, c))(w)

-- A product written as updates of its result (w's adjoint row by row, from dot(row,
-- w[j])): tiled as sums added to the result, except with --strict-fp.
def rowsLoss(x: [n, k]f64, w: [m, k]f64, c: [n, m]f64): f64 =
  sum(sum((map(\row -> map(\j -> dot(row, w[j]), iota(m)), x) - c) ** 2.0))
entry rowsGradW(x: [n, k]f64, w: [m, k]f64, c: [n, m]f64): [m, k]f64 =
  grad(\v -> rowsLoss(x, v, c))(w)

-- Sums split off from what reads them (loops/Tile.cpp, distribute): a loss over the
-- product's elements, and a result that reads another matrix across the columns.
entry lossValue(a: [n, k]f64, b: [k, m]f64, c: [n, m]f64): f64 = loss(a, b, c)
entry strided(a: [n, k]f64, b: [k, m]f64, c: [m, n]f64): [n, m]f64 =
  build([n, m], \i j -> sum(build([k], \l -> a[i, l] * b[l, j])) + c[j, i])

-- Convolutions (3 x 3, zero padding): products whose reduction is a sum over channels
-- of sums over taps, one sum over their nest where reassociation is allowed, tiled across
-- the image rows that lie between the channels and the columns; a loss over one (its sums
-- split off first), and the gradient of that loss with respect to the weights.
entry conv2d(w: [co, ci, 3, 3]f64, x: [ci, h, v]f64): [co, h, v]f64 =
  build([co, h, v], \o r c ->
    sum(build([ci], \i -> sum(build([3], \p -> sum(build([3], \q -> w[o, i, p, q] * x[i, r + p - 1, c + q - 1])))))))
def convLossOf(w: [co, ci, 3, 3]f64, x: [ci, h, v]f64): f64 =
  let y = conv2d(w, x) in sum(build([co], \o -> sum(build([h], \r -> sum(y[o, r] * y[o, r])))))
entry convLoss(w: [co, ci, 3, 3]f64, x: [ci, h, v]f64): f64 = convLossOf(w, x)
entry convGradW(w: [co, ci, 3, 3]f64, x: [ci, h, v]f64): [co, ci, 3, 3]f64 =
  grad(\k -> convLossOf(k, x))(w)
-- The same convolution with its taps outside its channels (an inner sum that may be
-- empty: the outer sum starts at +0.0 when there are no channels).
entry convTapsOutside(w: [co, ci, 3, 3]f64, x: [ci, h, v]f64): [co, h, v]f64 =
  build([co, h, v], \o r c ->
    sum(build([3], \p -> sum(build([3], \q ->
      sum(build([ci], \i -> w[o, i, p, q] * x[i, r + p - 1, c + q - 1])))))))
