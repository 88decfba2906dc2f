-- A scalar combines with an array of any shape (it is replicated), for
-- arithmetic, comparisons and the binary built-ins; equal shapes elementwise.
entry main(v: [n]f64, m: [n,k]f64, x: f64, iv: [n]i64, i: i64):
    ([n]f64, [n,k]f64, [n,k]f64, [n]bool, [n,k]bool, [n]i64, [n,k]f64) =
  let a = v + 1.0
  let b = 2.0 * m - x
  let c = x / m % 3.0
  let d = v > x
  let e = m == m * x
  let f = iv * i + 1
  let g = max(m, x) + min(x, m) + pow(m, 2.0) + atan2(x, m) + m ** x + -m
  in (a, b, c, d, e, f, g)
-- CHECK: let a: [n]f64 = (v + {{.*}})
-- CHECK: let b: [n,k]f64 =
-- CHECK: let c: [n,k]f64 =
-- CHECK: let d: [n]bool = (v > x)
-- CHECK: let e: [n,k]bool =
-- CHECK: let f: [n]i64 =
-- CHECK: let g: [n,k]f64 =
