-- Benchmark: the softmax cross-entropy loss of a 3-layer perceptron on a batch
-- (784-256-128-10, batch 128 in run.py), averaged over the batch, and its
-- gradient with respect to the weights and biases. Weights are stored
-- [in, out], so each layer is x w + b, a matrix product of the [batch, in]
-- activations; labels are class indices.
def dense(x: [batch, i]f64, w: [i, o]f64, b: [o]f64): [batch, o]f64 =
  build([batch, o], \r j -> sum(build([i], \l -> x[r, l] * w[l, j])) + b[j])

def loss(w1: [d, h1]f64, b1: [h1]f64, w2: [h1, h2]f64, b2: [h2]f64,
         w3: [h2, c]f64, b3: [c]f64, x: [batch, d]f64, labels: [batch]i64): f64 =
  let a1 = map(relu, dense(x, w1, b1))
  let a2 = map(relu, dense(a1, w2, b2))
  let logits = dense(a2, w3, b3)
  in sum(build([batch], \r -> logSumExp(logits[r]) - logits[r, labels[r]])) / f64(batch)

entry main(w1: [d, h1]f64, b1: [h1]f64, w2: [h1, h2]f64, b2: [h2]f64,
           w3: [h2, c]f64, b3: [c]f64, x: [batch, d]f64, labels: [batch]i64): f64 =
  loss(w1, b1, w2, b2, w3, b3, x, labels)

entry main_grad(w1: [d, h1]f64, b1: [h1]f64, w2: [h1, h2]f64, b2: [h2]f64,
                w3: [h2, c]f64, b3: [c]f64, x: [batch, d]f64, labels: [batch]i64) =
  grad(\v1 c1 v2 c2 v3 c3 -> loss(v1, c1, v2, c2, v3, c3, x, labels))(w1, b1, w2, b2, w3, b3)
