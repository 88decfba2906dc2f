-- error: 3:5: cannot redefine built-in 'exp'
-- Built-in names may not be redefined.
def exp(x: f64): f64 = x
