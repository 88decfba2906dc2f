-- `if` on scalars, nested, with tuple and array branches, and inside build
-- where the condition is per element.
def clamp(x: f64, lo: f64, hi: f64): f64 =
  if x < lo then lo else if x > hi then hi else x
-- CHECK: def clamp(x: f64, lo: f64, hi: f64): f64 =

def pick(c: bool, a: [n]f64, b: [n]f64): ([n]f64, i64) =
  if c then (a, 1) else (b, 0)
-- CHECK: def pick(c: bool, a: [n]f64, b: [n]f64): ([n]f64, i64) =

entry main(a: [n]f64, b: [n]f64, t: f64): ([n]f64, [n]f64, f64) =
  let r = build([n], \i -> if a[i] > 0.0 && !(b[i] == t) then a[i] else 0.0)
  let (s, k) = pick(t >= 0.0 || t != t, a, b)
  let u = if k == 1 then clamp(t, 0.0, 1.0) else t
  in (r, s, u)
-- CHECK: entry main(a: [n]f64, b: [n]f64, t: f64): ([n]f64, [n]f64, f64) =
-- CHECK: let r: [n]f64 =
-- CHECK: let (s: [n]f64, k: i64) =
-- CHECK: let u: f64 =
