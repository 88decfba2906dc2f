-- error: 3:40: index must be i64
-- A float index.
entry main(a: [n]f64, x: f64): f64 = a[x]
