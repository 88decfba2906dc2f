-- error: 3:38: cannot compare
-- == on i64 and f64 variables.
entry main(i: i64, x: f64): bool = i == x
