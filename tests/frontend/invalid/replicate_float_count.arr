-- error: 3:43: replicate:
-- A float is not a size.
entry main(x: f64, a: [n]f64) = replicate(x, a)
