-- error: 4:39: jvp:
-- jvp needs one tangent per differentiable parameter.
def f(x: f64, y: f64): f64 = x * y
entry main(x: f64, y: f64, dx: f64) = jvp(f)(x, y, dx)
