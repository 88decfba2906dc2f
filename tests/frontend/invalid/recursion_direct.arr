-- error: 3:22: recursion
-- A function calling itself.
def f(x: f64): f64 = f(x) + 1.0
