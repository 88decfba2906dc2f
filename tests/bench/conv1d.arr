-- Benchmark (issue #37): a one-dimensional convolution of c channels with 5 taps (zero
-- outside the signal), summed over channels, then a sum of squares, and its gradient
-- with respect to the signal and the taps.
def conv(x: [n, c]f64, w: [5, c]f64): [n]f64 =
  build([n], \i -> sum(sum(build([5, c], \t k -> x[i + t - 2, k] * w[t, k]))))

def loss(x: [n, c]f64, w: [5, c]f64): f64 = sum(conv(x, w) ** 2.0)

entry main(x: [n, c]f64, w: [5, c]f64): f64 = loss(x, w)

entry main_grad(x: [n, c]f64, w: [5, c]f64) = grad(loss)(x, w)
