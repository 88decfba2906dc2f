-- error: 3:43: mapAccum: the function must return a pair (state, output), but it returns f64
-- mapAccum's function returns the next state and the step's output.
entry main(xs: [n]f64) = mapAccum(\a x -> a + x, 0.0, xs)
