-- error: 3:29: not a number
-- Unary minus on a bool variable.
entry main(b: bool): bool = -b
