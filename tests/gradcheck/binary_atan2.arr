-- atan2(y, x) with both operands differentiated, with a replicated scalar, and
-- in all four quadrants (random signs; avoiding the branch cut at x < 0, y = 0).
def both(y: [n]f64, x: [n]f64): f64 = sum(atan2(y, x))
entry loss(y: [n]f64, x: [n]f64): f64 = both(y, x)
entry dloss(y: [n]f64, x: [n]f64) = grad(both)(y, x)

def weighted(y: [n]f64, x: f64): f64 = sum(atan2(y, x) * y) + sum(atan2(x, y))
entry lossW(y: [n]f64, x: f64): f64 = weighted(y, x)
entry dlossW(y: [n]f64, x: f64) = grad(weighted)(y, x)

-- RANGE: 0.2 1.5
def angle(p: [2]f64): f64 = atan2(p[1], -p[0])
entry lossNeg(p: [2]f64): f64 = angle(p)
entry dlossNeg(p: [2]f64) = grad(angle)(p)

entry primal(y: [n]f64, x: [n]f64): [n]f64 = atan2(y, x)
entry vjpPrimal(y: [n]f64, x: [n]f64, w: [n]f64) = vjp(\a b -> atan2(a, b))(y, x, w)
entry jvpPrimal(y: [n]f64, x: [n]f64, ty: [n]f64, tx: [n]f64) = jvp(\a b -> atan2(a, b))(y, x, ty, tx)

-- CHECK-GRAD: loss dloss [6] [6]
-- CHECK-GRAD: lossW dlossW [4] []
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [4] [4]
-- RANGE: 0.2 1.5
-- CHECK-GRAD: lossNeg dlossNeg [2]
