-- error: 3:46: cannot subtract
-- Elementwise - on [3]f64 and [4]f64.
entry main(a: [3]f64, b: [4]f64): [3]f64 = a - b
