-- Type variables instantiated with arrays and tuples; several type variables.
def dbl<T>(x: T): T = x + x
-- CHECK-DAG: def dbl<T = [{{[a-z]+}}]f64>(x: [{{[a-z]+}}]f64): [{{[a-z]+}}]f64 =

def swap<A, B>(p: (A, B)): (B, A) = (p.1, p.0)
-- CHECK-DAG: def swap<A = f64, B = [{{[a-z]+}}]i64>(p: (f64, [{{[a-z]+}}]i64)): ([{{[a-z]+}}]i64, f64) =

def first<T>(x: [n]T): T = x[0]
-- CHECK-DAG: def first<T = f64>(x: [{{[a-z]+}}]f64): f64 =

def pair<T>(x: T): (T, T) = (x, x)

def same<T>(x: T, y: T): T = y

entry main(v: [k]f64, w: [k]i64, m: [k,j]f64): ([k]f64, ([k]i64, f64), f64, [j]f64) =
  let a = dbl(v)
  let b = swap((1.5, w))
  let c = first(v)
  let d = first(m)
  let e = pair((c, w))
  let f = same(e, e)
  in (a, b, c + f.0.0, d)
-- CHECK: entry main(v: [k]f64, w: [k]i64, m: [k,j]f64): ([k]f64, ([k]i64, f64), f64, [j]f64) =
-- CHECK: let a: [k]f64 =
-- CHECK: let b: ([k]i64, f64) =
-- CHECK: let c: f64 =
-- CHECK: let d: [j]f64 =
-- CHECK: let e: ((f64, [k]i64), (f64, [k]i64)) =
-- CHECK: let f: ((f64, [k]i64), (f64, [k]i64)) =
