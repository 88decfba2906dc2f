-- error: 3:30: maxOuter:
-- A scalar has no outer dimension.
entry main(a: [n]f64): f64 = maxOuter(a[0])
