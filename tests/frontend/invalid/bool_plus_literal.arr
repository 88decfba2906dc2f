-- error: 3:26: not a number
-- A bool is not a number.
entry main(): i64 = true + 1
