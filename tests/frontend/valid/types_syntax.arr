-- Type syntax: [n][m]t is [n,m]t; parenthesised dimensions; constant
-- dimensions; function types of parameters; tuple types anywhere.
def same(a: [n][m]f64): [n,m]f64 = a
-- CHECK: def same(a: [n,m]f64): [n,m]f64 =

def mixed(a: [n][2,m][3]i64): [n,2][m,3]i64 = a
-- CHECK: def mixed(a: [n,2,m,3]i64): [n,2,m,3]i64 =

def grouped(a: [(n)]f64, b: [(m)]f64, c: [(m)*(n+1)]f64): [n]f64 = a
-- CHECK: def grouped(a: [n]f64, b: [m]f64, c: [{{.*}}]f64): [n]f64 =

def tupleArrays(p: ([n]f64, ([m]i64, bool)), q: [n]([m]f64, f32)): ([n,m]f64, [n]f32) = q
-- CHECK: def tupleArrays(p: ([n]f64, ([m]i64, bool)), q: ([n,m]f64, [n]f32)): ([n,m]f64, [n]f32) =

def applyRow(f: [m]f64 -> [m]f64, g: ([m]f64, f64) -> f64, a: [n,m]f64): [n]f64 =
  build([n], \i -> g(f(a[i]), 1.0))

entry main(a: [4][5]f64, b: [4,2,5,3]i64, v: [4]f64, u: [6]f64, w: [30]f64): ([4,5]f64, [4,2,5,3]i64, [4]f64) =
  let x = same(a)
  let y = mixed(b)
  let z = grouped(v, u, w)
  let r = applyRow(\row -> row * 2.0, \row s -> sumOuter(row) * s, a)
  in (x, y, z + r)
-- CHECK: entry main(a: [4,5]f64, b: [4,2,5,3]i64, v: [4]f64, u: [6]f64, w: [30]f64): ([4,5]f64, [4,2,5,3]i64, [4]f64) =
-- CHECK: let x: [4,5]f64 =
-- CHECK: let y: [4,2,5,3]i64 =
-- CHECK: let z: [4]f64 =
-- CHECK: let r: [4]f64 =
