-- error: 3:47: cannot compare
-- < on arrays of different sizes.
entry main(a: [n]f64, b: [m]f64): [n]bool = a < b
