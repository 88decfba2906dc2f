-- A user definition shadows a prelude name, here with different signatures, so
-- the types show which definition was used. LANGUAGE.md section 3's generic sum.
def maximum(v: [n]f64): i64 = argmaxOuter(v)
-- CHECK: def maximum(v: [n]f64): i64 =

def sum<T>(x: [n]T): T = sumOuter(x)
-- CHECK-DAG: def sum<T = i64>(x: [{{[a-z]+}}]i64): i64 =
-- CHECK-DAG: def sum<T = [{{[a-z]+}}]f64>(x: [{{[a-z]+}},{{[a-z]+}}]f64): [{{[a-z]+}}]f64 =

def relu(x: f64): bool = x > 0.0
-- CHECK: def relu(x: f64): bool =

entry main(v: [n]f64, iv: [n]i64, m: [n,k]f64): (i64, i64, [k]f64, bool) =
  let a = maximum(v)
  let b = sum(iv)
  let c = sum(m)
  let d = relu(v[0])
  in (a, b, c, d)
-- CHECK: entry main(v: [n]f64, iv: [n]i64, m: [n,k]f64): (i64, i64, [k]f64, bool) =
-- CHECK: let a: i64 =
-- CHECK: let b: i64 =
-- CHECK: let c: [k]f64 =
-- CHECK: let d: bool =
