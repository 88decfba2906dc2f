-- Tuples inside builds: a build producing pairs, an if choosing between tuples
-- per element, a function returning a tuple of reductions used per row, and
-- tuple parameters with an i64 component (which gets no gradient) in grad, vjp
-- and jvp.
def pairs(a: [n]f64, b: [n]f64): f64 =
  let (s, d) = build([n], \i -> (a[i] + b[i], a[i] * b[i]))
  in sum(s * d * d) + sum(exp(d))
entry loss(a: [n]f64, b: [n]f64): f64 = pairs(a, b)
entry dloss(a: [n]f64, b: [n]f64) = grad(pairs)(a, b)

def chooser(a: [n]f64, b: [n]f64): f64 =
  sum(build([n], \i ->
    let (u, v) = if a[i] > b[i] then (a[i], b[i]) else (b[i] * 2.0, a[i])
    in u * v * v))
entry lossChoose(a: [n]f64, b: [n]f64): f64 = chooser(a, b)
entry dlossChoose(a: [n]f64, b: [n]f64) = grad(chooser)(a, b)

def stats(x: [c]f64): (f64, f64) = (sum(x), maximum(x))
def rowStats(m: [r, c]f64): f64 = sum(build([r], \i -> let (s, mx) = stats(m[i]) in s * mx))
entry lossRowStats(m: [r, c]f64): f64 = rowStats(m)
entry dlossRowStats(m: [r, c]f64) = grad(rowStats)(m)

def withInt(p: (f64, i64), b: [n]f64): f64 = p.0 * f64(p.1) * sum(b * b) + p.0 * p.0
entry lossWithInt(p: (f64, i64), b: [n]f64): f64 = withInt(p, b)
entry dlossWithInt(p: (f64, i64), b: [n]f64) = grad(withInt)(p, b)

def tupleIn(p: ([n]f64, f64)): [n]f64 = p.0 * p.1 + sin(p.0)
entry primal(p: ([n]f64, f64)): [n]f64 = tupleIn(p)
entry vjpPrimal(p: ([n]f64, f64), w: [n]f64) = vjp(tupleIn)(p, w)
entry jvpPrimal(p: ([n]f64, f64), t: ([n]f64, f64)) = jvp(tupleIn)(p, t)

-- CHECK-GRAD: loss dloss [4] [4]
-- CHECK-GRAD: lossChoose dlossChoose [6] [6]
-- CHECK-GRAD: lossRowStats dlossRowStats [3,3]
-- CHECK-GRAD: lossWithInt dlossWithInt [] []i64@1:3 [3]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [3] []
