-- The two-layer perceptron of LANGUAGE.md §1: forward pass and squared-error
-- loss (without the gradient), at two sizes.
def mlp(w1: [h, d]f64, w2: [c, h]f64, x: [d]f64): [c]f64 =
  let hidden = map(relu, matvec(w1, x))
  in matvec(w2, hidden)

entry forward(w1: [h, d]f64, w2: [c, h]f64, x: [d]f64): [c]f64 = mlp(w1, w2, x)

entry loss(w1: [h, d]f64, w2: [c, h]f64, x: [d]f64, y: [c]f64): f64 =
  sum((mlp(w1, w2, x) - y) ** 2.0)

-- RUN: --entry forward
-- INPUT: [[1.0, -1.0, 0.5], [0.0, 2.0, -1.0], [-1.0, -1.0, -1.0], [0.5, 0.5, 0.5]]
-- INPUT: [[1.0, 2.0, -1.0, 0.5], [-2.0, 0.0, 1.0, 1.0]]
-- INPUT: [1.0, 2.0, 4.0]
-- EXPECT: [2.75, 1.5]
-- RUN: --entry loss
-- INPUT: [[1.0, -1.0, 0.5], [0.0, 2.0, -1.0], [-1.0, -1.0, -1.0], [0.5, 0.5, 0.5]]
-- INPUT: [[1.0, 2.0, -1.0, 0.5], [-2.0, 0.0, 1.0, 1.0]]
-- INPUT: [1.0, 2.0, 4.0]
-- INPUT: [1.0, -1.0]
-- EXPECT: 9.3125
-- RUN: --entry loss
-- INPUT: [[2.0]] [[-1.0], [3.0]] [1.5] [0.0, 8.0]
-- EXPECT: 10.0
-- RUN: --entry loss
-- INPUT: [[2.0]] [[-1.0, 1.0], [3.0, 1.0]] [1.5] [0.0, 8.0]
-- EXPECT-ERROR: disagree
-- RUN: --entry loss
-- INPUT: [[2.0]] [[-1.0], [3.0]] [1.5] [0.0, 8.0, 1.0]
-- EXPECT-ERROR: disagree on size c
