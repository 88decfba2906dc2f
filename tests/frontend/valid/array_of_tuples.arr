-- An array of tuples is the tuple of arrays: [n](f64, i64) = ([n]f64, [n]i64).
def at(p: [n](f64, i64), k: i64): (f64, i64) = p[k]
-- CHECK: def at(p: ([n]f64, [n]i64), k: i64): (f64, i64) =

def unzip(p: [n](f64, i64)): ([n]f64, [n]i64) = p
-- CHECK: def unzip(p: ([n]f64, [n]i64)): ([n]f64, [n]i64) =

def rows(p: [n][m](f64, bool)): [n,m](f64, bool) = p
-- CHECK: def rows(p: ([n,m]f64, [n,m]bool)): ([n,m]f64, [n,m]bool) =

entry main(a: [n]f64, ks: [n]i64): ((f64, i64), [n]f64, (f64, bool)) =
  let z = build([n], \i -> (a[i] * 2.0, i))
  let y = at(z, 1)
  let (xs, is) = unzip((a, ks))
  let both = build([n, 3], \i j -> (a[i], j > 1))
  let row = rows(both)[0]
  let cell = both[0, 2]
  in (y, xs + f64(is), cell)
-- CHECK: entry main(a: [n]f64, ks: [n]i64): ((f64, i64), [n]f64, (f64, bool)) =
-- CHECK: let z: ([n]f64, [n]i64) =
-- CHECK: let y: (f64, i64) =
-- CHECK: let (xs: [n]f64, is: [n]i64) =
-- CHECK: let both: ([n,3]f64, [n,3]bool) =
-- CHECK: let row: ([3]f64, [3]bool) =
-- CHECK: let cell: (f64, bool) =
