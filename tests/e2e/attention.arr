-- Scaled dot-product attention, softmax(Q K^T / sqrt(d)) V, built from prelude
-- matmul, transpose and softmax.
entry attend(q: [n, d]f64, k: [m, d]f64, v: [m, e]f64): [n, e]f64 =
  let scores = matmul(q, transpose(k))
  in matmul(map(softmax, scores), v)

entry weights(q: [n, d]f64, k: [m, d]f64): [n, m]f64 =
  map(softmax, matmul(q, transpose(k)) / sqrt(f64(d)))

-- RUN: --entry attend
-- INPUT: [[1.0, 0.0], [0.0, 1.0]]
-- INPUT: [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]
-- INPUT: [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
-- APPROX: 1e-12
-- EXPECT: [[3.0, 4.0], [3.5339127895091087, 4.53391278950911]]
-- RUN: --entry weights
-- INPUT: [[2.0, 2.0, 2.0, 2.0]] [[1.0, 0.0, 0.0, -1.0], [0.5, 0.5, -0.5, -0.5]]
-- EXPECT: [[0.5, 0.5]]
-- RUN: --entry weights
-- INPUT: [[0.0]] [[1.0], [2.0], [3.0], [4.0]]
-- EXPECT: [[0.25, 0.25, 0.25, 0.25]]
