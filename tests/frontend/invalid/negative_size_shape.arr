-- error: 4:10: the size 1 - 2 is -1, a negative size
-- Nor one given to a built-in.
entry main(x: f64) =
  build([1 - 2], \i -> x)
