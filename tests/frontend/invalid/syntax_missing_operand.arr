-- error: 3:31: syntax error
-- A binary operator without a right operand.
entry main(x: f64): f64 = x * )
