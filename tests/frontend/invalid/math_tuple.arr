-- error: 3:29: exp:
-- Math functions are elementwise on arrays, not tuples.
entry main(t: (f64, f64)) = exp(t)
