-- error: 3:33: syntax error
-- `if` without `then`.
entry main(c: bool): f64 = if c 1.0 else 2.0
