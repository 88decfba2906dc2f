-- error: 4:27: expects 2 arguments
-- A user function called with one argument.
def f(x: f64, y: f64): f64 = x + y
entry main(x: f64): f64 = f(x)
