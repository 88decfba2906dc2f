-- error: 4:1: syntax error
-- A def without `=` and body.
def f(x: f64): f64
entry main(x: f64): f64 = f(x)
