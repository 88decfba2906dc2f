-- error: 3:27: sumOuter:
-- A scalar has no outer dimension.
entry main(x: f64): f64 = sumOuter(x)
