-- error: 3:16: the dimension 2-5 is -3, a negative size
-- A constant dimension written in a type is never negative.
entry main(x: [2 - 5]f64): f64 = 1.0
