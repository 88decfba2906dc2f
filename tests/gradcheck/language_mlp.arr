-- The two-layer perceptron of LANGUAGE.md §1: loss_grad differentiates with
-- respect to the weights only (x and y are captured constants).
def mlp(w1: [h, d]f64, w2: [c, h]f64, x: [d]f64): [c]f64 =
  let hidden = map(relu, matvec(w1, x))
  in matvec(w2, hidden)

entry loss(w1: [h, d]f64, w2: [c, h]f64, x: [d]f64, y: [c]f64): f64 =
  sum((mlp(w1, w2, x) - y) ** 2.0)

entry loss_grad(w1: [h, d]f64, w2: [c, h]f64, x: [d]f64, y: [c]f64) =
  grad(\v1 v2 -> sum((mlp(v1, v2, x) - y) ** 2.0))(w1, w2)

-- All four inputs differentiated.
def full(w1: [h, d]f64, w2: [c, h]f64, x: [d]f64, y: [c]f64): f64 = sum((mlp(w1, w2, x) - y) ** 2.0)
entry dfull(w1: [h, d]f64, w2: [c, h]f64, x: [d]f64, y: [c]f64) = grad(full)(w1, w2, x, y)

-- Forward mode through the network.
entry forward(w1: [h, d]f64, w2: [c, h]f64, x: [d]f64): [c]f64 = mlp(w1, w2, x)
entry vjpForward(w1: [h, d]f64, w2: [c, h]f64, x: [d]f64, w: [c]f64) = vjp(mlp)(w1, w2, x, w)
entry jvpForward(w1: [h, d]f64, w2: [c, h]f64, x: [d]f64, t1: [h, d]f64, t2: [c, h]f64, tx: [d]f64) =
  jvp(mlp)(w1, w2, x, t1, t2, tx)

-- CHECK-GRAD: loss loss_grad [3,2] [2,3] ~[2] ~[2]
-- CHECK-GRAD: loss dfull [2,2] [2,2] [2] [2]
-- CHECK-VJP-JVP: forward vjpForward jvpForward [3,2] [2,3] [2]
