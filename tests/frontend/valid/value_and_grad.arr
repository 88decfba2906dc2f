-- valueAndGrad(f)(x..) = (f(x..), grad(f)(x..)).
def loss(w: [n]f64, x: [n]f64): f64 = sumOuter((w - x) ** 2.0)

entry one(w: [n]f64, x: [n]f64) = valueAndGrad(loss)(w, x)
-- CHECK: entry one(w: [n]f64, x: [n]f64): (f64, ([n]f64, [n]f64)) =

entry two(x: f64) = valueAndGrad(\t -> t * t)(x)
-- CHECK: entry two(x: f64): (f64, f64) =

entry three(w: [n]f64, k: i64): (f64, [n]f64) =
  let (v, g) = valueAndGrad(\a i -> a[i] * 3.0)(w, k)
  in (v, g)
-- CHECK: let (v: f64, g: [n]f64) =
