-- Type variables instantiated with scalars: LANGUAGE.md section 3's `dbl`.
def dbl<T>(x: T): T = x + x
-- CHECK-DAG: def dbl<T = f64>(x: f64): f64 =
-- CHECK-DAG: def dbl<T = i64>(x: i64): i64 =
-- CHECK-DAG: def dbl<T = f32>(x: f32): f32 =

entry main(x: f64, i: i64, s: f32): (f64, i64, f32) =
  let a = dbl(x)
  let b = dbl(i)
  let c = dbl(s)
  in (a, b, c)
-- CHECK: entry main(x: f64, i: i64, s: f32): (f64, i64, f32) =
-- CHECK: let a: f64 =
-- CHECK: let b: i64 =
-- CHECK: let c: f32 =
