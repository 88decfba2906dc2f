-- error: 5:32: cannot multiply f64 and f32
-- A let-bound literal has one type: its first use (with f64) fixes it, and the
-- later use with f32 is the error, naming both types (LANGUAGE.md §2).
entry main(x: f32, y: f64): f64 =
  let a = 1.0 in a * y + f64(a * x)
