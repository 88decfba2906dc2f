-- error: 3:55: gather:
-- The index function returns a float.
entry main(a: [n]f64): [3]f64 = gather([3], a, \i -> [f64(i)])
