-- error: 3:27: expects 1 argument
-- exp takes one argument.
entry main(x: f64): f64 = exp(1.0, x)
