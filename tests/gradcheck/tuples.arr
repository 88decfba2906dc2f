-- Tuples: a function returning a tuple used in the loss, a tuple parameter
-- (read as consecutive values; its gradient is a tuple), let-destructuring,
-- projections, and tuples of arrays (arrays of tuples).
def stats(a: [n]f64): (f64, f64) = (sum(a), sum(a * a))
def variance(a: [n]f64): f64 =
  let (s, s2) = stats(a)
  let k = f64(n)
  in s2 / k - (s / k) * (s / k)
entry loss(a: [n]f64): f64 = variance(a)
entry dloss(a: [n]f64) = grad(variance)(a)

def pairParam(p: (f64, [n]f64), b: [n]f64): f64 = sum(p.1 * b) * p.0 + p.0 * p.0
entry lossPair(p: (f64, [n]f64), b: [n]f64): f64 = pairParam(p, b)
entry dlossPair(p: (f64, [n]f64), b: [n]f64) = grad(pairParam)(p, b)

def projections(a: [n]f64): f64 =
  let t = (a * 2.0, (exp(a), sum(a)))
  in sum(t.0 * t.1.0) + t.1.1 * t.1.1
entry lossProj(a: [n]f64): f64 = projections(a)
entry dlossProj(a: [n]f64) = grad(projections)(a)

def arrayOfTuples(a: [n]f64, b: [n]f64): f64 =
  let z = build([n], \i -> (a[i] * b[i], a[i] - b[i]))
  let (u, v) = z
  in sum(u * v) + sum(build([n], \i -> z.0[i] + z[i].1 * 2.0))
entry lossAoT(a: [n]f64, b: [n]f64): f64 = arrayOfTuples(a, b)
entry dlossAoT(a: [n]f64, b: [n]f64) = grad(arrayOfTuples)(a, b)

def tupleResult(a: [n]f64): ([n]f64, f64) = (sin(a) * a, sum(a) * sum(a))
entry primal(a: [n]f64): ([n]f64, f64) = tupleResult(a)
entry vjpPrimal(a: [n]f64, w: ([n]f64, f64)) = vjp(tupleResult)(a, w)
entry jvpPrimal(a: [n]f64, v: [n]f64) = jvp(tupleResult)(a, v)

-- CHECK-GRAD: loss dloss [5]
-- CHECK-GRAD: lossPair dlossPair [] [3] [3]
-- CHECK-GRAD: lossProj dlossProj [4]
-- CHECK-GRAD: lossAoT dlossAoT [4] [4]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [4]
