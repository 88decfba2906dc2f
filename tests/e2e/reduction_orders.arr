-- Loop orders the native code picks for reductions: a sum of a product stored
-- first, a sum of matrices computed as dot products, and a transposed build
-- whose per-column sum is computed once. Results must be the interpreter's.
entry total(a: [n, k]f64, b: [k, m]f64): f64 = sum(sum(matmul(a, b)))
entry abt(a: [n, k]f64, b: [m, k]f64): [n, m]f64 = sumOuter(tr([2, 0, 1], build([n, m, k], \i j l -> a[i, l] * b[j, l])))
entry columns(x: [n]f64): [n, n]f64 = tr([1, 0], build([n], \j -> x * sum(x * f64(j))))

-- RUN: --entry total
-- INPUT: [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]] [[1.0, -1.0, 0.5], [2.0, 0.0, -0.5]]
-- EXPECT: 22.5
-- RUN: --entry abt
-- INPUT: [[1.0, 2.0], [3.0, 4.0]] [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]
-- EXPECT: [[1.0, 2.0, 3.0], [3.0, 4.0, 7.0]]
-- RUN: --entry columns
-- INPUT: [1.0, 2.0, 3.0]
-- EXPECT: [[0.0, 6.0, 12.0], [0.0, 12.0, 24.0], [0.0, 18.0, 36.0]]
-- RUN: --entry total
-- INPUT: empty([0, 2]f64) [[1.0], [2.0]]
-- EXPECT: 0.0
-- Five columns: one group of four dot products sharing a loop, then one more.
-- RUN: --entry abt
-- INPUT: [[1.0, 2.0], [-3.0, 0.5]] [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, -1.0], [-0.0, -0.0]]
-- EXPECT: [[1.0, 2.0, 3.0, 0.0, -0.0], [-3.0, 0.5, -2.5, -6.5, 0.0]]

-- The bulk form of a product (as a jvp or a gradient writes it), summed: the
-- matrix of sums is stored first too.
entry bulkTotal(a: [n, k]f64, b: [k, m]f64): f64 =
  sumOuter(sumOuter(sumOuter(tr([2, 0, 1], build([n, m, k], \i j l -> a[i, l] * b[l, j])))))
-- RUN: --entry bulkTotal
-- INPUT: [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]] [[1.0, -1.0, 0.5], [2.0, 0.0, -0.5]]
-- EXPECT: 22.5

-- A sum over rows whose terms hold dot products, for each of m blocks.
entry nested(a: [m, n, d]f64, w: [d, d]f64): [m, d]f64 =
  build([m], \q -> build([d], \i -> sumOuter(build([n], \r -> sum(w[i] * a[q, r]) + a[q, r, i]))))
-- RUN: --entry nested
-- INPUT: [[[1.0, 2.0], [3.0, -1.0]], [[0.5, 0.0], [-2.0, 4.0]]] [[1.0, 0.5], [-1.0, 2.0]]
-- EXPECT: [[8.5, -1.0], [-1.0, 13.5]]
