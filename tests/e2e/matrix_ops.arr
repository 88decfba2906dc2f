-- Matrix utilities from the built-ins: identity, trace, Kronecker product (a
-- rank-4 build reshaped), batched matrix products, 2x2 inverse, determinant.
entry identity(): [3, 3]i64 = build([3, 3], \i j -> if i == j then 1 else 0)

entry trace(a: [n, n]f64): f64 = sum(build([n], \i -> a[i, i]))

entry kron(a: [n, m]i64, b: [p, q]i64): [n * p, m * q]i64 =
  reshape([n * p, m * q], tr([0, 2, 1, 3], build([n, m, p, q], \i j k l -> a[i, j] * b[k, l])))

entry batched(a: [b, n, k]i64, c: [b, k, m]i64): [b, n, m]i64 = build([b], \t -> matmul(a[t], c[t]))

entry inverse2(a: [2, 2]f64): [2, 2]f64 =
  let det = a[0, 0] * a[1, 1] - a[0, 1] * a[1, 0]
  in [[a[1, 1], -a[0, 1]], [-a[1, 0], a[0, 0]]] / det

entry det3(a: [3, 3]i64): i64 =
  sum(build([3], \j -> a[0, j] * (a[1, (j + 1) % 3] * a[2, (j + 2) % 3] - a[1, (j + 2) % 3] * a[2, (j + 1) % 3])))

-- RUN: --entry identity
-- EXPECT: [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
-- RUN: --entry trace
-- INPUT: [[1.0, 2.0], [3.0, 4.5]]
-- EXPECT: 5.5
-- RUN: --entry kron
-- INPUT: [[1, 2]] [[0, 1], [1, 0]]
-- EXPECT: [[0, 1, 0, 2], [1, 0, 2, 0]]
-- RUN: --entry kron
-- INPUT: [[1], [-1]] [[1, 2, 3]]
-- EXPECT: [[1, 2, 3], [-1, -2, -3]]
-- RUN: --entry batched
-- INPUT: [[[1, 2]], [[3, 4]]] [[[1], [1]], [[2], [-1]]]
-- EXPECT: [[[3]], [[2]]]
-- RUN: --entry inverse2
-- INPUT: [[4.0, 7.0], [2.0, 6.0]]
-- EXPECT: [[0.6, -0.7], [-0.2, 0.4]]
-- RUN: --entry det3
-- INPUT: [[2, 0, 1], [1, 3, 2], [1, 1, 2]]
-- EXPECT: 6
-- RUN: --entry det3
-- INPUT: [[2, 0, 1], [1, 3, 2], [1, 1, 1]]
-- EXPECT: 0
-- RUN: --entry det3
-- INPUT: [[1, 2, 3], [4, 5, 6], [7, 8, 10]]
-- EXPECT: -3
