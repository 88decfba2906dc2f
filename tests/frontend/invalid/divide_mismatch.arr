-- error: 3:70: cannot divide
-- Elementwise / on arrays of different sizes inside build.
entry main(a: [n,m]f64, b: [n]f64): [n,m]f64 = build([n], \i -> a[i] / b)
