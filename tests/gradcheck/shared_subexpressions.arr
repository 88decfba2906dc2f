-- Shared subexpressions: a let-bound value used several times (its cotangent is
-- the sum of the uses' cotangents), sharing across builds, a diamond of lets,
-- and the same array read at several indices.
def shared(a: [n]f64): f64 =
  let x = exp(a) * a
  let y = x * x + x
  in sum(y * x) + sum(x) * sum(y)
entry loss(a: [n]f64): f64 = shared(a)
entry dloss(a: [n]f64) = grad(shared)(a)

def diamond(s: f64): f64 =
  let a = sin(s)
  let b = a * a
  let c = a + s
  let d = b * c
  in d + b / (1.0 + c * c) + a
entry lossDiamond(s: f64): f64 = diamond(s)
entry dlossDiamond(s: f64) = grad(diamond)(s)

def acrossBuilds(a: [n]f64): f64 =
  let t = tanh(a)
  let u = build([n], \i -> t[i] * t[(i + 1) % n])
  let v = build([n], \i -> t[i] + u[i] * t[i])
  in sum(u * v) + sum(t)
entry lossBuilds(a: [n]f64): f64 = acrossBuilds(a)
entry dlossBuilds(a: [n]f64) = grad(acrossBuilds)(a)

def sameArg(a: [n]f64): f64 = dotSelf(a, a) + dotSelf(a * 2.0, a)
def dotSelf(x: [n]f64, y: [n]f64): f64 = sum(x * y * y)
entry lossSameArg(a: [n]f64): f64 = sameArg(a)
entry dlossSameArg(a: [n]f64) = grad(sameArg)(a)

entry primal(a: [n]f64): [n]f64 = let x = exp(a) in x * x + x
entry vjpPrimal(a: [n]f64, w: [n]f64) = vjp(\z -> let x = exp(z) in x * x + x)(a, w)
entry jvpPrimal(a: [n]f64, v: [n]f64) = jvp(\z -> let x = exp(z) in x * x + x)(a, v)

-- CHECK-GRAD: loss dloss [5]
-- CHECK-GRAD: lossDiamond dlossDiamond []
-- CHECK-GRAD: lossBuilds dlossBuilds [5]
-- CHECK-GRAD: lossSameArg dlossSameArg [4]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [4]
