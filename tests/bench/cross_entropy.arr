-- Benchmark (issue #37): mean softmax cross-entropy of a batch of logits, shifted by
-- each row's maximum, and its gradient with respect to the logits. The derivatives of
-- the maximum and of the label's logit select in the logits' own layout.
def xent(logits: [b, c]f64, labels: [b]i64): f64 =
  sum(build([b], \i ->
    let m = maximum(logits[i]) in
    log(sum(map(\z -> exp(z - m), logits[i]))) + m - logits[i, labels[i]])) / f64(b)

entry main(logits: [b, c]f64, labels: [b]i64): f64 = xent(logits, labels)

entry main_grad(logits: [b, c]f64, labels: [b]i64) = grad(\l -> xent(l, labels))(logits)
