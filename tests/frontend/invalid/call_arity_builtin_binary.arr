-- error: 3:33: expects 2 arguments
-- max takes two arguments.
entry main(x: f64): f64 = 1.0 + max(x)
