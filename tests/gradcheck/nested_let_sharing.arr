-- Shared subterms that mention a let bound inside another binding's value (under
-- a cond, or inside a build): unshare must not move them to the root, where that
-- let's variable is not bound.
def f(x: [n]f64): f64 =
  let y = sumOuter(x) in
  let z = (if y > 0.0 then (let s = y * y in sin(s) * cos(s) + s * sin(s)) else y) in
  z * z
entry loss(x: [n]f64): f64 = f(x)
entry dloss(x: [n]f64) = grad(f)(x)
entry vjpLoss(x: [n]f64, w: f64) = vjp(f)(x, w)
entry jvpLoss(x: [n]f64, t: [n]f64) = jvp(f)(x, t)

def g(t: [n, m]f64): f64 =
  sum(build([n], \i -> let r = sumOuter(build([m], \j -> let s = t[i, j] in exp(s) * s)) in r * r + sin(r)))
entry lossRows(t: [n, m]f64): f64 = g(t)
entry dlossRows(t: [n, m]f64) = grad(g)(t)

-- RANGE: 0.1 0.9
-- CHECK-GRAD: loss dloss [3]
-- CHECK-VJP-JVP: loss vjpLoss jvpLoss [3]
-- CHECK-GRAD: lossRows dlossRows [2,3]
