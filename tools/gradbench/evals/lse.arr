-- GradBench's `lse` eval (evals/lse/README.md): LogSumExp by the max trick,
-- a + log(sum(exp(x - a))) with a = max(x), and its gradient.

-- The shift a cancels out of the function, so its derivative is zero whatever a is:
-- noGrad says so, and the gradient skips the maximum's (a scatter to the first
-- maximal element that would add and subtract the same number).
def lse(x: [n]f64): f64 =
  let a = noGrad(maxOuter(x))
  in a + log(sumOuter(exp(x - a)))

entry primal(x: [n]f64): f64 = lse(x)

entry gradient(x: [n]f64): [n]f64 = grad(lse)(x)
