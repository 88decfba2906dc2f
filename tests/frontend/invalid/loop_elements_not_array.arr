-- error: 3:27: fold: the elements (the third argument) must be an array, or a tuple of arrays of one length, got f64
-- The elements of a fold are an array.
entry main(x: f64): f64 = fold(\a y -> a + y, 0.0, x)
