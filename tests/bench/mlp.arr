-- Benchmark: the forward pass of a 3-layer perceptron on a batch of inputs
-- (784-256-128-10, batch 128 in run.py). Weights are stored [in, out], so each
-- layer is x w + b, a matrix product of the [batch, in] activations.
def dense(x: [batch, i]f64, w: [i, o]f64, b: [o]f64): [batch, o]f64 =
  build([batch, o], \r j -> sum(build([i], \l -> x[r, l] * w[l, j])) + b[j])

entry main(w1: [d, h1]f64, b1: [h1]f64, w2: [h1, h2]f64, b2: [h2]f64,
           w3: [h2, c]f64, b3: [c]f64, x: [batch, d]f64): [batch, c]f64 =
  let a1 = map(relu, dense(x, w1, b1))
  let a2 = map(relu, dense(a1, w2, b2))
  in dense(a2, w3, b3)
