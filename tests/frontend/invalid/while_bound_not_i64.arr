-- error: 3:33: while: the bound must be an i64 scalar, not f64
-- The bound of a while loop is an i64 count of steps.
entry main(x: f64): f64 = while(x, \s -> s > 1.0, \s -> s * 0.5, x)
