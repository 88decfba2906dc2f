-- Integer and boolean parameters are passed through and get no cotangent:
-- grad returns only the differentiable parameters' gradients.
def shifted(v: [n]f64, k: i64): f64 = v[k] * v[k]
def gated(x: f64, on: bool, i: i64, y: f64): f64 = if on then x * f64(i) else y

entry dshift(v: [n]f64, k: i64) = grad(shifted)(v, k)
-- CHECK: entry dshift(v: [n]f64, k: i64): [n]f64 =

entry dgate(x: f64, on: bool, i: i64, y: f64) = grad(gated)(x, on, i, y)
-- CHECK: entry dgate(x: f64, on: bool, i: i64, y: f64): (f64, f64) =

entry dlam(x: f64, i: i64) = grad(\a j -> a * f64(j))(x, i)
-- CHECK: entry dlam(x: f64, i: i64): f64 =
