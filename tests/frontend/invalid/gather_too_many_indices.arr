-- error: 3:25: gather:
-- The index function returns two indices into a vector.
entry main(a: [n]f64) = gather([3], a, \i -> [i, i])
