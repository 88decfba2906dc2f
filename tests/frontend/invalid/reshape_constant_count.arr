-- error: 4:26: reshape:
-- error-contains: elements
-- Six elements into a 4x2 matrix.
entry main(): [4,2]f64 = reshape([4, 2], [1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
