-- error: 6:41: cannot add [n]f32 and [n]f64
-- The state built of literals takes the first element type the step adds to it
-- (f32); the step's second addition, of f64 values, conflicts with it.
entry main(w: [n]f32, u: [n]f64, xs: [k][n]f32) =
  fold(\v x ->
    let a = v + x * w in a + f32(v) + v + u,
    build([n], \_ -> 0.0), xs)
