-- error: 3:12: entry
-- Entry parameters are arrays or tuples of arrays.
entry main(f: f64 -> f64, x: f64): f64 = f(x)
