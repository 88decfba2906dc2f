-- error: 3:36: condition of 'if' must be bool
-- Outside build, a comparison of arrays is an array of bools, not a scalar.
entry main(a: [n]f64): [n]f64 = if a > 0.0 then a else -a
