-- error: 4:42: while: the condition returns f64, but it must return bool
-- The condition of a while loop is a bool: an f64 is not a truth value. The error is at
-- the condition's body and names both types.
entry main(x: f64): f64 = while(5, \s -> s - 1.0, \s -> s * 0.5, x)
