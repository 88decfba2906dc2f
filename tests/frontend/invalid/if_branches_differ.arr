-- error: 4:20: branches of 'if' have different types
-- f64 and i64 branches.
entry main(c: bool, x: f64, i: i64): f64 =
  if c then x else i
