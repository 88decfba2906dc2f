-- error: 6:9: branches of 'if' have different types
-- Branches of different sizes.
entry main(c: bool, a: [n]f64, b: [m]f64): [n]f64 =
  if c
  then a
  else (b)
