-- error: 4:25: a dimension of this expression's type overflows i64
-- The element count 2^62 * 2 * n has a coefficient past i64, whatever n is; the error is
-- at the reshape.
entry main(x: [n]f64) = reshape([4611686018427387904, 2, n], x)
