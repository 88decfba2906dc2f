-- Integer `/` and `%` (floor semantics) on literals and variables; float `%`.
entry main(x: f64, y: f64, i: i64, j: i64): (i64, i64, i64, i64, f64, f64) =
  let q = -7 / 2
  let r = -7 % 2
  let s = 7 / 2 + 7 % 2
  let t = i / j * j + i % j
  let u = x % y
  let w = x / y
  in (q, r, s, t, u, w)
-- CHECK: entry main(x: f64, y: f64, i: i64, j: i64): (i64, i64, i64, i64, f64, f64) =
-- CHECK: let q: i64 =
-- CHECK: let r: i64 =
-- CHECK: let s: i64 =
-- CHECK: let t: i64 = (((i / j) * j) + (i % j))
-- CHECK: let u: f64 = (x % y)
-- CHECK: let w: f64 = (x / y)
