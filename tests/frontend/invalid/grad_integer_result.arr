-- error: 4:22: float scalar
-- grad needs a float result.
def f(x: f64): i64 = i64(x)
entry main(x: f64) = grad(f)(x)
