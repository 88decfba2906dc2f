-- A two-layer perceptron loss; gradient with respect to the weights only.
def mlp(w1: [h,d]f64, w2: [c,h]f64, x: [d]f64): [c]f64 =
  let hidden = map(relu, matvec(w1, x))
  in matvec(w2, hidden)

entry loss(w1: [h,d]f64, w2: [c,h]f64, x: [d]f64, y: [c]f64): f64 =
  sum((mlp(w1, w2, x) - y) ** 2.0)

entry loss_grad(w1: [h,d]f64, w2: [c,h]f64, x: [d]f64, y: [c]f64) =
  grad(\v1 v2 -> sum((mlp(v1, v2, x) - y) ** 2.0))(w1, w2)
