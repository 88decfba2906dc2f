-- Single-head attention: softmax over the rows of Q K^T / sqrt(d), times V,
-- with a squared-error loss. Three levels of build/sumOuter nesting, softmax
-- (with its noGrad shift) per row, and all of Q, K, V differentiated.
def attention(q: [n, d]f64, k: [m, d]f64, v: [m, e]f64): [n, e]f64 =
  let scores = build([n, m], \i j -> sum(q[i] * k[j]) / sqrt(f64(d)))
  let weights = map(softmax, scores)
  in matmul(weights, v)

def objective(q: [n, d]f64, k: [m, d]f64, v: [m, e]f64): f64 =
  let out = attention(q, k, v)
  in sum(sum(out * out * build([n, e], \i j -> f64(i + j) + 1.0)))
entry loss(q: [n, d]f64, k: [m, d]f64, v: [m, e]f64): f64 = objective(q, k, v)
entry dloss(q: [n, d]f64, k: [m, d]f64, v: [m, e]f64) = grad(objective)(q, k, v)

entry primal(q: [n, d]f64, k: [m, d]f64, v: [m, e]f64): [n, e]f64 = attention(q, k, v)
entry vjpPrimal(q: [n, d]f64, k: [m, d]f64, v: [m, e]f64, w: [n, e]f64) = vjp(attention)(q, k, v, w)
entry jvpPrimal(q: [n, d]f64, k: [m, d]f64, v: [m, e]f64, tq: [n, d]f64, tk: [m, d]f64, tv: [m, e]f64) =
  jvp(attention)(q, k, v, tq, tk, tv)

-- CHECK-GRAD: loss dloss [2,2] [3,2] [3,2]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [2,2] [3,2] [3,2]
