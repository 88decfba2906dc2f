-- error: 7:17: cannot multiply f32 and f64
-- A let-bound literal first used with f32 is an f32: its later use with f64
-- conflicts with the first.
entry main(x: f32, y: f64): f64 =
  let a = 2
  let p = a * x
  in f64(p) + a * y
