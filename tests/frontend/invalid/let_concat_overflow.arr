-- error: 5:3: a dimension of this expression's type overflows i64
-- One element more than 2^63 - 1, the length of a let-bound replicate.
entry main(y: f64) =
  let z = replicate(9223372036854775807, y) in
  concat(z, [1.0])
