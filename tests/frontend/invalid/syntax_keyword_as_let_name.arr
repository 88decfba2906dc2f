-- error: 3:31: syntax error
-- A keyword cannot be bound by let.
entry main(x: f64): f64 = let in = x in x
