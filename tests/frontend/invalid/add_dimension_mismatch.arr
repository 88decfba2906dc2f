-- error: 3:46: cannot add [n]f64 and [m]f64: dimension n differs from m
-- Elementwise + on arrays whose sizes are different size variables.
entry main(a: [n]f64, b: [m]f64): [n]f64 = a + b
