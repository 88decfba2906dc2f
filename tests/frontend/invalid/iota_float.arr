-- error: 3:27: iota:
-- A float is not a size.
entry main(x: f64) = iota(x)
