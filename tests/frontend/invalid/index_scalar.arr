-- error: 3:28: cannot index
-- A scalar has no elements.
entry main(x: f64): f64 = x[0]
