-- error: 3:31: cannot index
-- Two indices on a vector.
entry main(a: [n]f64): f64 = a[0, 1]
