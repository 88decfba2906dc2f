-- error: 4:16: scan: the function returns the state as ([n]f64, f64), but the initial state has type (f64, f64); the state keeps one type in every step
-- A tuple state whose first component grows into an array: both types are named.
entry main(xs: [n]f64) =
  scan(\s x -> (xs * s.0, s.1 + x), (0.0, 1.0), xs)
