-- Several differentiated parameters of different ranks: grad returns one
-- gradient per parameter, in parameter order; parameters that do not reach the
-- result get zero gradients of the right shape.
def f(m: [r, c]f64, v: [c]f64, s: f64, u: [r]f64): f64 =
  sum(build([r], \i -> sum(m[i] * v) * u[i])) * s + s * s * sum(v)
entry loss(m: [r, c]f64, v: [c]f64, s: f64, u: [r]f64): f64 = f(m, v, s, u)
entry dloss(m: [r, c]f64, v: [c]f64, s: f64, u: [r]f64) = grad(f)(m, v, s, u)

def unused(a: [n]f64, b: [n]f64, c: f64): f64 = sum(a * a) + c
entry lossUnused(a: [n]f64, b: [n]f64, c: f64): f64 = unused(a, b, c)
entry dlossUnused(a: [n]f64, b: [n]f64, c: f64) = grad(unused)(a, b, c)

def five(a: f64, b: f64, c: f64, d: f64, e: f64): f64 = a * b + c * d * e - a / (1.0 + e * e) + sin(b * c)
entry lossFive(a: f64, b: f64, c: f64, d: f64, e: f64): f64 = five(a, b, c, d, e)
entry dlossFive(a: f64, b: f64, c: f64, d: f64, e: f64) = grad(five)(a, b, c, d, e)

entry primal(m: [r, c]f64, v: [c]f64): ([r]f64, f64) = (matvec(m, v), sum(v * v))
entry vjpPrimal(m: [r, c]f64, v: [c]f64, w0: [r]f64, w1: f64) = vjp(\a b -> (matvec(a, b), sum(b * b)))(m, v, (w0, w1))
entry jvpPrimal(m: [r, c]f64, v: [c]f64, tm: [r, c]f64, tv: [c]f64) = jvp(\a b -> (matvec(a, b), sum(b * b)))(m, v, tm, tv)

-- CHECK-GRAD: loss dloss [2,3] [3] [] [2]
-- CHECK-GRAD: lossUnused dlossUnused [3] [3] []
-- CHECK-GRAD: lossFive dlossFive [] [] [] [] []
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [2,3] [3]
