-- error: 3:43: replicate:
-- An i64 parameter is a value, not a static size.
entry main(k: i64, a: [n]f64) = replicate(k, a)
