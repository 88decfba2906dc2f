-- error: 3:37: cannot add f64 and i64
-- Variables do not adapt like literals: f64 + i64.
entry main(x: f64, i: i64): f64 = x + i
