-- error: 3:30: f64:
-- Conversions are elementwise on arrays, not tuples.
entry main(x: f64, i: i64) = f64((x, i))
