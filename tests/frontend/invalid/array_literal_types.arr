-- error: 3:37: array literal
-- Elements of different element types.
entry main(x: f64, i: i64) = [x, x, i]
