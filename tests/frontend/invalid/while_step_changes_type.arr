-- error: 4:51: while: the step returns the state as i64, but the initial state has type f64; the state keeps one type in every step
-- A step given by name that returns an integer for a float state.
def truncate(s: f64): i64 = i64(s)
entry main(x: f64): f64 = while(5, \s -> s > 1.0, truncate, x)
