-- error: 4:22: grad:
-- grad(f) applied to fewer arguments than f has parameters.
def f(x: f64, y: f64): f64 = x * y
entry main(x: f64) = grad(f)(x)
