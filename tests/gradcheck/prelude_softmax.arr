-- Prelude softmax and logSumExp (both use noGrad on the shift, which must not
-- change the gradient), a softmax cross-entropy, and softmax over matrix rows.
def lse(a: [n]f64): f64 = logSumExp(a)
entry loss(a: [n]f64): f64 = lse(a)
entry dloss(a: [n]f64) = grad(lse)(a)

def sm(a: [n]f64, w: [n]f64): f64 = sum(softmax(a) * w)
entry lossSm(a: [n]f64, w: [n]f64): f64 = sm(a, w)
entry dlossSm(a: [n]f64, w: [n]f64) = grad(sm)(a, w)

def xent(logits: [n]f64, label: i64): f64 = logSumExp(logits) - logits[label]
entry lossXent(logits: [n]f64, label: i64): f64 = xent(logits, label)
entry dlossXent(logits: [n]f64, label: i64) = grad(xent)(logits, label)

def rows(m: [r, c]f64): f64 = sum(build([r], \i -> sum(softmax(m[i]) * m[i])))
entry lossRows(m: [r, c]f64): f64 = rows(m)
entry dlossRows(m: [r, c]f64) = grad(rows)(m)

-- Large logits: the shift keeps the values finite.
def big(a: [n]f64): f64 = logSumExp(a * 400.0) / 400.0
entry lossBig(a: [n]f64): f64 = big(a)
entry dlossBig(a: [n]f64) = grad(big)(a)

entry primal(a: [n]f64): [n]f64 = softmax(a)
entry vjpPrimal(a: [n]f64, w: [n]f64) = vjp(softmax)(a, w)
entry jvpPrimal(a: [n]f64, v: [n]f64) = jvp(softmax)(a, v)

-- CHECK-GRAD: loss dloss [6]
-- CHECK-GRAD: lossSm dlossSm [5] [5]
-- CHECK-GRAD: lossXent dlossXent [5] []i64@0:4
-- CHECK-GRAD: lossRows dlossRows [3,3]
-- CHECK-GRAD: lossBig dlossBig [4]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [5]
