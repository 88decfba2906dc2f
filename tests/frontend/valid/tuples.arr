-- Tuples: construction, nesting, tuple patterns (nested, `_`), projections.
def split(x: f64): (f64, (i64, bool)) = (x, (i64(x), x > 0.0))
-- CHECK: def split(x: f64): (f64, (i64, bool)) =

def addPair(p: (f64, f64)): f64 = p.0 + p.1
-- CHECK: def addPair(p: (f64, f64)): f64 =
-- CHECK-NEXT: (p.0 + p.1)

entry main(x: f64, v: [n]f64): (f64, i64, [n]f64, (bool, f64)) =
  let t = split(x)
  let (a, (i, b)) = t
  let (_, (j, _)) = split(a)
  let (c, _) = (v, i)
  let u = ((a, j), (c, b))
  let (w, _) = u
  in (addPair((a, w.0)), i + j, c, (b, u.0.0))
-- CHECK: entry main(x: f64, v: [n]f64): (f64, i64, [n]f64, (bool, f64)) =
-- CHECK: let t: (f64, (i64, bool)) =
-- CHECK: let (a: f64, (i: i64, b: bool)) =
-- CHECK: let ({{.*}}(j: i64, {{.*}})) =
-- CHECK: let (c: [n]f64, {{.*}}) =
-- CHECK: let u: ((f64, i64), ([n]f64, bool)) =
-- CHECK: let (w: (f64, i64), {{.*}}) =
