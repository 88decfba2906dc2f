-- error: 3:18: unknown type 'f16'
-- There is no f16.
entry main(x: [n]f16): f64 = 1.0
