-- error: 3:5: syntax error: unexpected 'f64': it is a reserved type name and cannot name anything
-- Nor a function.
def f64(x: f64): f64 = x
