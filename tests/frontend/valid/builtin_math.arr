-- Every elementwise unary math built-in, on f64 and f32 scalars and arrays.
def all64(x: f64): f64 =
  exp(x) + log(x) + sqrt(x) + sin(x) + cos(x) + tan(x) + tanh(x) + abs(x)
    + floor(x) + ceil(x) + sign(x) + log1p(x) + expm1(x) + erf(x)
-- CHECK: def all64(x: f64): f64 =

def all32(x: [n]f32): [n]f32 =
  exp(x) + log(x) + sqrt(x) + sin(x) + cos(x) + tan(x) + tanh(x) + abs(x)
    + floor(x) + ceil(x) + sign(x) + log1p(x) + expm1(x) + erf(x)
-- CHECK: def all32(x: [n]f32): [n]f32 =

entry main(x: f64, m: [n,k]f64, s: f32): (f64, [n,k]f64, f32, [n,k]f64) =
  let a = all64(x)
  let b = exp(m)
  let c = tanh(s)
  let d = erf(log1p(abs(m)))
  in (a, b, c, d)
-- CHECK: entry main(x: f64, m: [n,k]f64, s: f32): (f64, [n,k]f64, f32, [n,k]f64) =
-- CHECK: let a: f64 =
-- CHECK: let b: [n,k]f64 = exp(m)
-- CHECK: let c: f32 = tanh(s)
-- CHECK: let d: [n,k]f64 =
