-- error: 3:38: not a number
-- A float times a bool.
entry main(x: f64, b: bool): f64 = x * b
