-- error: 4:41: argument 'x' of take has type [2]f64, expected [k+m]T (with k = 3, T = f64)
-- take(3, x) of two elements would bind m = -1: no array has a negative size,
-- and the sizes are known, so this is a compile-time error.
entry main(x: [2]f64): [3]f64 = take(3, x)
