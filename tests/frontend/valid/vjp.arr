-- vjp(f)(x.., ct): reverse mode for any result type; the cotangent has the
-- result's type; one value per differentiable parameter (a tuple when several).
def scale(v: [n]f64, s: f64): [n]f64 = v * s
def split(x: f64): (f64, [3]f64) = (x * x, [x, 2.0 * x, 3.0])

entry a(v: [n]f64, s: f64, ct: [n]f64) = vjp(scale)(v, s, ct)
-- CHECK: entry a(v: [n]f64, s: f64, ct: [n]f64): ([n]f64, f64) =

entry b(x: f64, c0: f64, c1: [3]f64) = vjp(split)(x, (c0, c1))
-- CHECK: entry b(x: f64, c0: f64, c1: [3]f64): f64 =

entry c(m: [n,k]f64, ct: [k]f64) = vjp(\a -> sumOuter(a))(m, ct)
-- CHECK: entry c(m: [n,k]f64, ct: [k]f64): [n,k]f64 =

entry d(x: f64, i: i64, ct: f64) = vjp(\y j -> y * f64(j))(x, i, ct)
-- CHECK: entry d(x: f64, i: i64, ct: f64): f64 =
