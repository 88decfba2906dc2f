-- error: 3:5: syntax error
-- A keyword cannot be a function name.
def then(x: f64): f64 = x
