-- error: 5:5: redefinition of 'f'
-- Two definitions of f in one file.
def f(x: f64): f64 = x
def g(x: f64): f64 = x * 2.0
def f(x: f64): f64 = x + 1.0
