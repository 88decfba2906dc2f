-- error: 4:27: function
-- A function name is not a value to return.
def f(x: f64): f64 = x * 2.0
entry main(x: f64): f64 = f
