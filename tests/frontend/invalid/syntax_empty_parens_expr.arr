-- error: 3:22: syntax error
-- `()` is not an expression.
entry main(): f64 = ()
