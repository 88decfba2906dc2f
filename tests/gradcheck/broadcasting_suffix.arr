-- Suffix broadcasting (LANGUAGE.md §5): an operand whose shape is a suffix of the
-- other's is replicated along the missing leading dimensions, so its gradient
-- sums the cotangent over those dimensions. Every operator and binary built-in,
-- in both orders, rank 3 against rank 1 and 2; both operands differentiated.
def arith(m: [r, c]f64, v: [c]f64): f64 =
  sum(sum(m * v + v - m / (v * v + 1.0) + (m - v) * (v - m)))
entry loss(m: [r, c]f64, v: [c]f64): f64 = arith(m, v)
entry dloss(m: [r, c]f64, v: [c]f64) = grad(arith)(m, v)

def builtins(m: [r, c]f64, v: [c]f64): f64 =
  sum(sum(max(m, v) + min(v, m * 2.0) + atan2(m, v + 3.0) + pow(v * v + 1.0, m) + (m * m + 1.0) ** v))
entry lossBin(m: [r, c]f64, v: [c]f64): f64 = builtins(m, v)
entry dlossBin(m: [r, c]f64, v: [c]f64) = grad(builtins)(m, v)

def rank3(t: [p, q, u]f64, m: [q, u]f64, v: [u]f64): f64 =
  sum(sum(sum(exp(t * v) * (m - t) + sin(m * v + t))))
entry loss3(t: [p, q, u]f64, m: [q, u]f64, v: [u]f64): f64 = rank3(t, m, v)
entry dloss3(t: [p, q, u]f64, m: [q, u]f64, v: [u]f64) = grad(rank3)(t, m, v)

-- Only the broadcast operand is differentiated; comparisons select elementwise.
def selected(m: [r, c]f64, v: [c]f64): f64 =
  sum(sum(f64(m > v) * m * v + f64(v >= m) * v * v))
entry lossSel(m: [r, c]f64, v: [c]f64): f64 = selected(m, v)
entry dlossSel(m: [r, c]f64, v: [c]f64) = grad(\w -> selected(m, w))(v)

def layer(x: [b, d]f64, bias: [d]f64): [b, d]f64 = tanh(x * 0.5 + bias)
entry primal(x: [b, d]f64, bias: [d]f64): [b, d]f64 = layer(x, bias)
entry vjpPrimal(x: [b, d]f64, bias: [d]f64, w: [b, d]f64) = vjp(layer)(x, bias, w)
entry jvpPrimal(x: [b, d]f64, bias: [d]f64, tx: [b, d]f64, tb: [d]f64) = jvp(layer)(x, bias, tx, tb)

-- CHECK-GRAD: loss dloss [3,2] [2]
-- CHECK-GRAD: lossBin dlossBin [3,2] [2]
-- CHECK-GRAD: loss3 dloss3 [2,2,2] [2,2] [2]
-- CHECK-GRAD: lossSel dlossSel ~[3,2] [2]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [3,2] [2]
