-- Literals are untyped until context fixes them: an integer literal where a
-- float is expected is that float (f64 or f32); otherwise i64 / f64.
def half(x: f64): f64 = x / 2
-- CHECK: def half(x: f64): f64 =

def f32ops(x: f32, v: [n]f32): [n]f32 = v * 2 + x * 1.5 - 1
-- CHECK: def f32ops(x: f32, v: [n]f32): [n]f32 =

def f32only(x: f32): f32 = 0.5 * x + 1
-- CHECK: def f32only(x: f32): f32 =

entry main(x: f64, s: f32, v: [n]f64): (f64, f64, f32, bool, f64, i64, f64, [n]f64) =
  let a = x * 2
  let b = 2 * x + 1
  let c = f32only(s) * 3
  let d = x > 0
  let e = half(3)
  let k = 3
  let z = 3.0
  let w = max(v, 0) + min(1, v)
  in (a, b, c, d, e, k, z + e, w)
-- CHECK: entry main(x: f64, s: f32, v: [n]f64): (f64, f64, f32, bool, f64, i64, f64, [n]f64) =
-- CHECK: let a: f64 =
-- CHECK: let b: f64 =
-- CHECK: let c: f32 =
-- CHECK: let d: bool =
-- CHECK: let e: f64 =
-- CHECK: let k: i64 =
-- CHECK: let z: f64 =
-- CHECK: let w: [n]f64 =

-- A literal initial state of a loop over floats: a float where the steps need one
-- (summing the elements, in their type), else its default type (counting them).
def loopStates(v: [n]f64, u: [n]f32): (f64, f32, i64, i64, [n]i64) =
  let total = fold(\a x -> a + x, 0, v)
  let narrow = fold(\a x -> a + x, 0.0, u)
  let count = fold(\c x -> c + 1, 0, v)
  let cycle = fold(\s x -> (s + 1) % 3, 0, v)
  let counts = scan(\c x -> if x > 0 then c + 1 else c, 0, v)
  in (total, narrow, count, cycle, counts)
-- CHECK: def loopStates(v: [n]f64, u: [n]f32): (f64, f32, i64, i64, [n]i64) =
-- CHECK: let total: f64 =
-- CHECK: let narrow: f32 =
-- CHECK: let count: i64 =
-- CHECK: let cycle: i64 =
-- CHECK: let counts: [n]i64 =
