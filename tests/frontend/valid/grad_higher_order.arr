-- Differentiating through user functions that take function parameters and
-- prelude functions, with lambdas capturing the enclosing scope.
def applyAll(f: f64 -> f64, v: [n]f64): [n]f64 = build([n], \i -> f(v[i]))

def loss(w: [k,d]f64, x: [d]f64, y: [k]f64): f64 =
  let z = matvec(w, x)
  let p = softmax(z)
  in -sum(y * applyAll(\q -> log(q + 1e-9), p))
-- CHECK: def loss(w: [k,d]f64, x: [d]f64, y: [k]f64): f64 =
-- CHECK: let z: [k]f64 =
-- CHECK: let p: [k]f64 =

entry step(w: [k,d]f64, x: [d]f64, y: [k]f64, rate: f64): [k,d]f64 =
  let g = grad(\ww -> loss(ww, x, y))(w)
  in w - rate * g
-- CHECK: entry step(w: [k,d]f64, x: [d]f64, y: [k]f64, rate: f64): [k,d]f64 =
-- CHECK: let g: [k,d]f64 = grad(\(ww: [k,d]f64) ->

entry sensitivities(w: [k,d]f64, x: [d]f64, y: [k]f64) = grad(loss)(w, x, y)
-- CHECK: entry sensitivities(w: [k,d]f64, x: [d]f64, y: [k]f64): ([k,d]f64, [d]f64, [k]f64) =
