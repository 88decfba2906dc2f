-- error: 3:39: must be bool
-- `&&` on a float.
entry main(x: f64, b: bool): bool = b && x
