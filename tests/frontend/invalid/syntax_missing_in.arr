-- error: 5:3: syntax error
-- A let without `in`: the error is at the token after the binding.
entry main(): f64 =
  let x = 1.0
  x
