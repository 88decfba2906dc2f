-- jvp(f)(x.., t..) = (f(x..), tangent of the result), with one tangent per
-- differentiable parameter.
def scale(v: [n]f64, s: f64): [n]f64 = v * s
def poly(x: f64): f64 = x ** 3.0 - 2.0 * x

entry a(x: f64, dx: f64) = jvp(poly)(x, dx)
-- CHECK: entry a(x: f64, dx: f64): (f64, f64) =

entry b(v: [n]f64, s: f64, dv: [n]f64, ds: f64) = jvp(scale)(v, s, dv, ds)
-- CHECK: entry b(v: [n]f64, s: f64, dv: [n]f64, ds: f64): ([n]f64, [n]f64) =

entry c(v: [n]f64, k: i64, dv: [n]f64, y: f64) =
  jvp(\w i -> w * y + f64(i))(v, k, dv)
-- CHECK: entry c(v: [n]f64, k: i64, dv: [n]f64, y: f64): ([n]f64, [n]f64) =

entry d(x: f64, dx: f64) = jvp(\t -> (t, sin(t)))(x, dx)
-- CHECK: entry d(x: f64, dx: f64): ((f64, f64), (f64, f64)) =
