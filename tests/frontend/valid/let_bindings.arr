-- `let` with one or more bindings and one `in`; later bindings see earlier
-- ones; shadowing; a let inside a binding's value and inside a lambda.
entry main(x: f64, v: [n]f64): (f64, [n]f64) =
  let a = x + 1.0
  let b = a * a
  let a = b - x
  let c = let t = a * 2.0 in t + b
  let w = build([n], \i -> let y = v[i] let z = y * y in z + a)
  in (a + c, w)
-- CHECK: entry main(x: f64, v: [n]f64): (f64, [n]f64) =
-- CHECK: let a: f64 = (x + {{.*}})
-- CHECK: let b: f64 = (a * a)
-- CHECK: let a: f64 = (b - x)
-- CHECK: let c: f64 =
-- CHECK: let t: f64 =
-- CHECK: let w: [n]f64 =
-- CHECK: let y: f64 =
-- CHECK: let z: f64 =

-- One binding, one `in`, on one line.
def one(x: i64): i64 = let y = x * 2 in y + 1
-- CHECK: def one(x: i64): i64 =
-- CHECK: let y: i64 =
