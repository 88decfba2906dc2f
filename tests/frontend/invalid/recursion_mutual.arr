-- error: 3:22: recursion
-- f calls g calls f: the error is at f's call of g.
def f(x: f64): f64 = g(x) * 2.0
def g(x: f64): f64 = f(x) + 1.0
