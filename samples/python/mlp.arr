-- The two-layer perceptron of LANGUAGE.md section 1 on a batch of examples:
-- the mean squared error of its predictions and, for training, the error with
-- its gradient with respect to both weight matrices (fit.py calls them), and
-- its gradient with respect to every parameter (torch_train.py).

def mlp(w1: [h,d]f64, w2: [c,h]f64, x: [d]f64): [c]f64 =
  let hidden = map(relu, matvec(w1, x))
  in matvec(w2, hidden)

def loss(w1: [h,d]f64, w2: [c,h]f64, xs: [b,d]f64, ys: [b,c]f64): f64 =
  sum(build([b], \i -> sum((mlp(w1, w2, xs[i]) - ys[i]) ** 2.0))) / f64(b)

entry error(w1: [h,d]f64, w2: [c,h]f64, xs: [b,d]f64, ys: [b,c]f64): f64 =
  loss(w1, w2, xs, ys)

entry error_and_grad(w1: [h,d]f64, w2: [c,h]f64, xs: [b,d]f64, ys: [b,c]f64) =
  valueAndGrad(\v1 v2 -> loss(v1, v2, xs, ys))(w1, w2)

-- The gradient of the error with respect to all four parameters, as
-- arr.torch.function(..., grad="error_grad") wants it (torch_train.py).
entry error_grad(w1: [h,d]f64, w2: [c,h]f64, xs: [b,d]f64, ys: [b,c]f64) =
  grad(loss)(w1, w2, xs, ys)
