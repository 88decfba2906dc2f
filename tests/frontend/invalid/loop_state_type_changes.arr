-- error: 3:44: fold: the function returns the state as i64, but the initial state has type f64; the state keeps one type in every step
-- The step returns an integer for a float state.
entry main(xs: [n]i64): f64 = fold(\a x -> i64(a) + x, 0.0, xs)
