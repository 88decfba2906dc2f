-- error: 4:25: a dimension of this expression's type overflows i64
-- The element count of the new shape, 2 * (2^63 - 1), does not fit in i64: an error
-- at the reshape, not an internal compiler error.
entry main(x: [2]f64) = reshape([9223372036854775807, 2], x)
