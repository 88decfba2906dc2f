-- error: 3:28: must be bool
-- `!` on a float.
entry main(x: f64): bool = !x
