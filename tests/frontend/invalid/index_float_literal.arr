-- error: 3:37: index must be i64
-- A float literal index, second position.
entry main(a: [n,m]f64): f64 = a[0, 1.5]
