-- Projections: `t.0.1` is two projections (the lexer must not read `0.1` as a
-- float), on names, calls, parenthesised expressions and indexed tuples.
def nest(x: f64): ((f64, i64), (bool, (f64, f64))) = ((x, 1), (true, (x, 2.0)))

entry main(x: f64, p: [n](f64, i64)): (i64, f64, bool, f64, i64) =
  let t = nest(x)
  let a = t.0.1
  let b = t.1.1.0
  let c = nest(x).1.0
  let d = (t.1).1.1
  let e = p[0].1
  in (a, b, c, d + p[1].0, e)
-- CHECK: entry main(x: f64, p: ([n]f64, [n]i64)): (i64, f64, bool, f64, i64) =
-- CHECK: let t: ((f64, i64), (bool, (f64, f64))) =
-- CHECK: let a: i64 = t.0.1
-- CHECK: let b: f64 = t.1.1.0
-- CHECK: let c: bool =
-- CHECK: let d: f64 =
-- CHECK: let e: i64 =
