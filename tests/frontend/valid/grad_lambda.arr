-- grad of lambdas with one and several parameters, capturing variables of the
-- enclosing scope (constants to the derivative).
entry main(x: f64, y: f64, v: [n]f64, w: [n]f64): (f64, (f64, f64), ([n]f64, f64), [n]f64) =
  let a = grad(\t -> t * x + sin(t))(y)
  let b = grad(\s t -> s * t + x)(x, y)
  let c = grad(\p q -> sumOuter(p * w) * q)(v, x)
  let d = grad(\p -> sumOuter(exp(p - y)))(w)
  in (a, b, c, d)
-- CHECK: entry main(x: f64, y: f64, v: [n]f64, w: [n]f64): (f64, (f64, f64), ([n]f64, f64), [n]f64) =
-- CHECK: let a: f64 = grad(\(t: f64) ->
-- CHECK: let b: (f64, f64) = grad(\(s: f64, t: f64) ->
-- CHECK: let c: ([n]f64, f64) = grad(\(p: [n]f64, q: f64) ->
-- CHECK: let d: [n]f64 =
