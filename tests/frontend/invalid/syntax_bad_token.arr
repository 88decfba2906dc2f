-- error: 3:29: syntax error
-- A character that is not part of the language.
entry main(x: f64): f64 = x @ 2.0
