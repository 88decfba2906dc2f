-- error: 3:36: fold: the function must take 2 parameters, but the lambda takes 1
-- The function of a fold takes the state and an element.
entry main(xs: [n]f64): f64 = fold(\a -> a, 0.0, xs)
