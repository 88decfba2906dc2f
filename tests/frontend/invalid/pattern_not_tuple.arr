-- error: 4:7: pattern
-- A tuple pattern for a scalar.
entry main(x: f64): f64 =
  let (a, _) = x * 2.0
  in a
