-- Benchmark: one computation written in several styles (tests/bench/run.py times
-- each against the fastest of its group; the compiler should make them equal).

-- The product of two matrices.
entry productMatmul(a: [n, k]f64, b: [k, m]f64): [n, m]f64 = matmul(a, b)

entry productBuild(a: [n, k]f64, b: [k, m]f64): [n, m]f64 =
  build([n, m], \i j -> sum(build([k], \l -> a[i, l] * b[l, j])))

entry productDotRows(a: [n, k]f64, b: [k, m]f64): [n, m]f64 =
  let bt = transpose(b) in map(\row -> map(\column -> dot(row, column), bt), a)

entry productTranspose(a: [n, k]f64, b: [k, m]f64): [n, m]f64 =
  let bt = transpose(b) in build([n, m], \i j -> sum(a[i] * bt[j]))

-- The product of the lower triangle of a (diagonal included) and a vector.
entry triangleMasked(a: [n, n]f64, x: [n]f64): [n]f64 =
  build([n], \i -> sum(build([n], \j -> if j <= i then a[i, j] * x[j] else 0.0)))

-- The triangle as a gather: a read past the row (index n) yields zero.
entry triangleGather(a: [n, n]f64, x: [n]f64): [n]f64 =
  matvec(gather([n, n], a, \i j -> [i, if j <= i then j else n]), x)

-- The gradient of a perceptron's loss (784-256-128-10 in run.py, as mlp.arr) with its
-- weights stored [out, in], as PyTorch's Linear stores them: each layer as rows dotted
-- with rows, as a product with the transposed weights, and as a build of sums.
def denseRows(x: [batch, i]f64, w: [o, i]f64, b: [o]f64): [batch, o]f64 =
  map(\row -> map(\k -> dot(row, w[k]) + b[k], iota(o)), x)

def denseMatmul(x: [batch, i]f64, w: [o, i]f64, b: [o]f64): [batch, o]f64 =
  map(\row -> row + b, matmul(x, transpose(w)))

def denseBuild(x: [batch, i]f64, w: [o, i]f64, b: [o]f64): [batch, o]f64 =
  build([batch, o], \r j -> sum(build([i], \l -> x[r, l] * w[j, l])) + b[j])

def crossEntropy(logits: [batch, c]f64, labels: [batch]i64): f64 =
  sum(build([batch], \r -> logSumExp(logits[r]) - logits[r, labels[r]])) / f64(batch)

def lossRows(w1: [h1, d]f64, b1: [h1]f64, w2: [h2, h1]f64, b2: [h2]f64, w3: [c, h2]f64,
             b3: [c]f64, x: [batch, d]f64, labels: [batch]i64): f64 =
  let a1 = map(\r -> map(relu, r), denseRows(x, w1, b1))
  let a2 = map(\r -> map(relu, r), denseRows(a1, w2, b2))
  in crossEntropy(denseRows(a2, w3, b3), labels)

def lossMatmul(w1: [h1, d]f64, b1: [h1]f64, w2: [h2, h1]f64, b2: [h2]f64, w3: [c, h2]f64,
               b3: [c]f64, x: [batch, d]f64, labels: [batch]i64): f64 =
  let a1 = map(\r -> map(relu, r), denseMatmul(x, w1, b1))
  let a2 = map(\r -> map(relu, r), denseMatmul(a1, w2, b2))
  in crossEntropy(denseMatmul(a2, w3, b3), labels)

def lossBuild(w1: [h1, d]f64, b1: [h1]f64, w2: [h2, h1]f64, b2: [h2]f64, w3: [c, h2]f64,
              b3: [c]f64, x: [batch, d]f64, labels: [batch]i64): f64 =
  let a1 = map(relu, denseBuild(x, w1, b1))
  let a2 = map(relu, denseBuild(a1, w2, b2))
  in crossEntropy(denseBuild(a2, w3, b3), labels)

entry mlpGradRows(w1: [h1, d]f64, b1: [h1]f64, w2: [h2, h1]f64, b2: [h2]f64, w3: [c, h2]f64,
                  b3: [c]f64, x: [batch, d]f64, labels: [batch]i64) =
  grad(\v1 c1 v2 c2 v3 c3 -> lossRows(v1, c1, v2, c2, v3, c3, x, labels))(w1, b1, w2, b2, w3, b3)

entry mlpGradMatmul(w1: [h1, d]f64, b1: [h1]f64, w2: [h2, h1]f64, b2: [h2]f64, w3: [c, h2]f64,
                    b3: [c]f64, x: [batch, d]f64, labels: [batch]i64) =
  grad(\v1 c1 v2 c2 v3 c3 -> lossMatmul(v1, c1, v2, c2, v3, c3, x, labels))(w1, b1, w2, b2, w3, b3)

entry mlpGradBuild(w1: [h1, d]f64, b1: [h1]f64, w2: [h2, h1]f64, b2: [h2]f64, w3: [c, h2]f64,
                   b3: [c]f64, x: [batch, d]f64, labels: [batch]i64) =
  grad(\v1 c1 v2 c2 v3 c3 -> lossBuild(v1, c1, v2, c2, v3, c3, x, labels))(w1, b1, w2, b2, w3, b3)
