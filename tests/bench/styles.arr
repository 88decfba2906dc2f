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
