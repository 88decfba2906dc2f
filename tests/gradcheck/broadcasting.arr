-- A scalar combined with arrays of rank 1, 2 and 3 is replicated: its gradient
-- is the sum over the array. Both the scalar and the array are differentiated.
def rank2(m: [r, c]f64, s: f64): f64 = sum(sum(m * s + s - m / (s * s + 1.0)))
entry loss(m: [r, c]f64, s: f64): f64 = rank2(m, s)
entry dloss(m: [r, c]f64, s: f64) = grad(rank2)(m, s)

def rank3(t: [p, q, u]f64, s: f64): f64 = sum(sum(sum(exp(t * s) * (s - t))))
entry loss3(t: [p, q, u]f64, s: f64): f64 = rank3(t, s)
entry dloss3(t: [p, q, u]f64, s: f64) = grad(rank3)(t, s)

def binaryBuiltins(m: [r, c]f64, s: f64): f64 = sum(sum(max(m, s) + min(s, m * 2.0) + atan2(m, s + 2.0)))
entry lossBin(m: [r, c]f64, s: f64): f64 = binaryBuiltins(m, s)
entry dlossBin(m: [r, c]f64, s: f64) = grad(binaryBuiltins)(m, s)

def comparisons(m: [r, c]f64, s: f64): f64 = sum(sum(if s > 0.0 then m * s else m + s))
entry lossCmp(m: [r, c]f64, s: f64): f64 = comparisons(m, s)
entry dlossCmp(m: [r, c]f64, s: f64) = grad(comparisons)(m, s)

entry primal(m: [r, c]f64, s: f64): [r, c]f64 = m * s + s * s
entry vjpPrimal(m: [r, c]f64, s: f64, w: [r, c]f64) = vjp(\x y -> x * y + y * y)(m, s, w)
entry jvpPrimal(m: [r, c]f64, s: f64, tm: [r, c]f64, ts: f64) = jvp(\x y -> x * y + y * y)(m, s, tm, ts)

-- CHECK-GRAD: loss dloss [3,3] []
-- CHECK-GRAD: loss3 dloss3 [2,2,2] []
-- CHECK-GRAD: lossBin dlossBin [3,3] []
-- CHECK-GRAD: lossCmp dlossCmp [3,3] []
-- SEED: 5
-- CHECK-GRAD: lossCmp dlossCmp [3,3] []
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [2,3] []
