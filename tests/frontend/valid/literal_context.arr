-- More contexts that fix an untyped literal: a declared result type (also of an
-- array literal and of a tuple's component), a tuple argument's component, the
-- other branch of an `if`, a generic instantiation, an f32 comparison.
def one(): f64 = 1
-- CHECK: def one(): f64 =

def pairOf(): (f64, i64) = (1, 2)
-- CHECK: def pairOf(): (f64, i64) =

def arr(): [2]f64 = [1, 2]
-- CHECK: def arr(): [2]f64 =

def first(p: (f64, i64)): f64 = p.0

def id<T>(x: T): T = x
-- CHECK-DAG: def id<T = i64>(x: i64): i64 =
-- CHECK-DAG: def id<T = f64>(x: f64): f64 =

entry main(c: bool, x: f64, s: f32, v: [n]f32): (f64, f64, i64, f64, bool, [n]bool, f32) =
  let a = if c then 1 else x
  let b = if c then x else 0
  let i = id(7)
  let f = id(7.5)
  let lt = s < 1
  let vs = v >= 0.5
  let idx = v[1]
  in (a + one() + pairOf().0 + arr()[0] + first((1, 2)), b, i, f, lt, vs, idx)
-- CHECK: entry main(c: bool, x: f64, s: f32, v: [n]f32): (f64, f64, i64, f64, bool, [n]bool, f32) =
-- CHECK: let a: f64 =
-- CHECK: let b: f64 =
-- CHECK: let i: i64 =
-- CHECK: let f: f64 =
-- CHECK: let lt: bool =
-- CHECK: let vs: [n]bool =
-- CHECK: let idx: f32 =
