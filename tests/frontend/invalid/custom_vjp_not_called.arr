-- error: 3:22: customVjp(f, rule) is a function
-- A function value must be called or passed as a function.
entry main(x: f64) = customVjp(\v -> v, \v y ct -> ct)
