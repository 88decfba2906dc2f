-- error: 3:35: syntax error
-- A parenthesis closed by a bracket.
entry main(x: f64): f64 = (x + 1.0]
