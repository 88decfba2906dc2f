-- error: 4:22: f -> g -> f
-- error-contains: recursion
-- The message names the cycle.
def f(x: f64): f64 = g(x) * 2.0
def g(x: f64): f64 = f(x) + 1.0
entry main(x: f64): f64 = f(x)
