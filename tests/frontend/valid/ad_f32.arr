-- Differentiation of f32 code: gradients, cotangents and tangents are f32.
def loss(w: [n]f32, x: [n]f32): f32 = sumOuter(tanh(w * x))

entry g(w: [n]f32, x: [n]f32) = grad(loss)(w, x)
-- CHECK: entry g(w: [n]f32, x: [n]f32): ([n]f32, [n]f32) =

entry vg(s: f32) = valueAndGrad(\t -> t * t + 1.0)(s)
-- CHECK: entry vg(s: f32): (f32, f32) =

entry v(w: [n]f32, ct: [n]f32) = vjp(\a -> exp(a))(w, ct)
-- CHECK: entry v(w: [n]f32, ct: [n]f32): [n]f32 =

entry j(s: f32, x: f64, ds: f32, dx: f64) = jvp(\a b -> f64(a) * b)(s, x, ds, dx)
-- CHECK: entry j(s: f32, x: f64, ds: f32, dx: f64): (f64, f64) =
