-- error: 3:39: must be bool
-- `||` on an integer.
entry main(i: i64, b: bool): bool = i || b
