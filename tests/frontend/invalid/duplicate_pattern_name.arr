-- error: 2:35: name 'a' appears twice in this pattern
entry main(x: f64): f64 = let (a, a) = (x, 2.0) in a
