-- error: 4:32: syntax error
-- A trailing comma in a call.
def f(x: f64, y: f64): f64 = x + y
entry main(x: f64): f64 = f(x, )
