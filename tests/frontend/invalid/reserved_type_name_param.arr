-- error: 3:19: syntax error: unexpected 'i64': it is a reserved type name and cannot name anything
-- Nor a parameter.
def scale(x: f64, i64: f64): f64 = x * i64
entry main(x: f64): f64 = scale(x, 2.0)
