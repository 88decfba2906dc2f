-- error: 5:3: a dimension of this expression's type overflows i64
-- concat's result has n + m elements: two replicates of 2^63 - 1 elements each give a
-- length past i64, reported at the concat.
entry main(x: f64) =
  concat(replicate(9223372036854775807, x), replicate(9223372036854775807, x))
