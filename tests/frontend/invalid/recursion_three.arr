-- error: 4:30: f -> g -> h -> f
-- error-contains: recursion
-- A cycle of three, through a lambda argument.
def f(x: f64): f64 = h2(x) + g(x)
def g(x: f64): f64 = h(x)
def h(x: f64): f64 = build([1], \i -> f(x))[0]
def h2(x: f64): f64 = x
