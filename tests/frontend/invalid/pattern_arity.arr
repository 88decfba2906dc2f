-- error: 4:7: pattern
-- A pair pattern for a triple.
entry main(x: f64): f64 =
  let (a, b) = (x, x, x)
  in a + b
