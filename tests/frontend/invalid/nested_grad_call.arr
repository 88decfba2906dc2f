-- error: 3:30: nested differentiation
-- A grad inside a function called by a differentiated function.
def inner(x: f64): f64 = x * grad(\y -> y * y)(x)
def outer(x: f64): f64 = inner(x) + 1.0
entry main(x: f64) = grad(outer)(x)
