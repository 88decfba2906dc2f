-- Benchmark (issue #37): a recurrent network written as a fold over the step indices,
-- reading the row x[t] at step t, and its gradient with respect to the inputs and the
-- weights. Reverse mode accumulates one row of the inputs' gradient per step into a
-- state of the reverse loop, which is updated in place (no copy of the [n, d] gradient
-- per step: the sweep is linear in the steps).
def rnn(x: [n, d]f64, w: [d, d]f64): f64 =
  sum(fold(\h t -> map(tanh, matvec(w, h) + x[t]), replicate(d, 0.0), iota(n)))

entry main(x: [n, d]f64, w: [d, d]f64): f64 = rnn(x, w)

entry main_grad(x: [n, d]f64, w: [d, d]f64) = grad(rnn)(x, w)
