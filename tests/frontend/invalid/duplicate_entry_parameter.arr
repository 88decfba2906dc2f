-- error: 3:20: parameter 'x' appears twice in this parameter list
-- The second x would hide the first, and the entry's C header would not compile.
entry main(x: f64, x: f64): f64 = x
