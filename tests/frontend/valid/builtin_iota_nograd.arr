-- iota(k) : [k]i64 for a static size k; noGrad(e) has the type of e.
def n = 5

entry main(v: [m]f64, x: f64): ([m]i64, [5]i64, [m+2]i64, [m]f64, f64, (f64, [m]f64)) =
  let a = iota(m)
  let b = iota(n)
  let c = iota(m + 2)
  let d = noGrad(v) * f64(iota(m))
  let e = noGrad(x * x)
  let f = noGrad((x, v))
  in (a, b, c, d, e, f)
-- CHECK: entry main(v: [m]f64, x: f64): ([m]i64, [5]i64, [m+2]i64, [m]f64, f64, (f64, [m]f64)) =
-- CHECK: let a: [m]i64 = iota(m)
-- CHECK: let b: [5]i64 =
-- CHECK: let c: [m+2]i64 =
-- CHECK: let d: [m]f64 =
-- CHECK: let e: f64 =
-- CHECK: let f: (f64, [m]f64) =
