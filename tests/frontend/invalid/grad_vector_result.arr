-- error: 3:25: float scalar
-- grad needs a scalar result.
entry main(v: [n]f64) = grad(\x -> x * 2.0)(v)
