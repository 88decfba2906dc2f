-- error: 3:36: reshape: cannot reshape ([2]f64, [3]f64); it needs an array (or a tuple of arrays of one shape)
-- The components of a reshaped tuple must have one shape.
entry main(a: [2]f64, b: [3]f64) = reshape([1, 2], (a, b))
