-- error: 3:14: syntax error
-- Parameters must be separated by commas.
def f(x: f64 y: f64): f64 = x + y
