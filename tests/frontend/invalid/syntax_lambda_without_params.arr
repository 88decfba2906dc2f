-- error: 3:46: syntax error
-- A lambda needs at least one parameter name.
entry main(a: [n]f64): [n]f64 = build([n], \ -> 1.0)
