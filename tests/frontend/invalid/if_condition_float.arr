-- error: 3:30: condition of 'if' must be bool
-- The condition is a float.
entry main(x: f64): f64 = if x * 2.0 then 1.0 else 2.0
