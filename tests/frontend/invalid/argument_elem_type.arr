-- error: 4:29: argument
-- An i64 variable where an f64 is expected.
def f(x: f64): f64 = x * x
entry main(i: i64): f64 = f(i)
