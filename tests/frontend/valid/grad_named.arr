-- grad of named functions: one parameter (a single value), several parameters
-- (a tuple in parameter order), scalar and array parameters.
def sq(x: f64): f64 = x * x
def norm2(v: [n]f64): f64 = sumOuter(v * v)
def bilinear(a: [n]f64, m: [n,k]f64, b: [k]f64): f64 =
  sumOuter(build([n], \i -> a[i] * sumOuter(m[i] * b)))

entry dsq(x: f64) = grad(sq)(x)
-- CHECK: entry dsq(x: f64): f64 =
-- CHECK-NEXT: grad(sq)(x)

entry dnorm(v: [n]f64) = grad(norm2)(v)
-- CHECK: entry dnorm(v: [n]f64): [n]f64 =

entry dbil(a: [n]f64, m: [n,k]f64, b: [k]f64) = grad(bilinear)(a, m, b)
-- CHECK: entry dbil(a: [n]f64, m: [n,k]f64, b: [k]f64): ([n]f64, [n,k]f64, [k]f64) =

entry both(x: f64, v: [n]f64): (f64, [n]f64) =
  let g = grad(sq)(x)
  let h = grad(norm2)(v * 2.0)
  in (g, h)
-- CHECK: entry both(x: f64, v: [n]f64): (f64, [n]f64) =
-- CHECK: let g: f64 =
-- CHECK: let h: [n]f64 =
