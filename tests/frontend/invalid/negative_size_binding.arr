-- error: 3:41: argument 'x' of drop has type [2]f64, expected [k+m]T (with k = 3, T = f64)
-- drop(3, x) of two elements would bind m = -1: no array has a negative size.
entry main(x: [2]f64): [0]f64 = drop(3, x)
