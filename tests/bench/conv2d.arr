-- Benchmark: a 2-D convolution layer (32 input and 32 output channels, 3 x 3
-- kernel, one 64 x 64 image in run.py) with zero padding ("same" output size:
-- reads outside the image are zero, as every out-of-range read in Arr is), and
-- the loss sum(y * y) of its output y. The gradient is with respect to the
-- kernel and the bias.
--   y[o, r, c] = b[o] + sum_{i, p, q} w[o, i, p, q] * x[i, r + p - 1, c + q - 1]
def conv(w: [co, ci, 3, 3]f64, b: [co]f64, x: [ci, h, v]f64): [co, h, v]f64 =
  build([co, h, v], \o r c ->
    b[o] + sum(build([ci], \i ->
      sum(build([3], \p ->
        sum(build([3], \q -> w[o, i, p, q] * x[i, r + p - 1, c + q - 1])))))))

def loss(w: [co, ci, 3, 3]f64, b: [co]f64, x: [ci, h, v]f64): f64 =
  let y = conv(w, b, x)
  in sum(build([co], \o -> sum(build([h], \r -> sum(y[o, r] * y[o, r])))))

entry main(w: [co, ci, 3, 3]f64, b: [co]f64, x: [ci, h, v]f64): f64 = loss(w, b, x)

entry main_grad(w: [co, ci, 3, 3]f64, b: [co]f64, x: [ci, h, v]f64) =
  grad(\k c -> loss(k, c, x))(w, b)
