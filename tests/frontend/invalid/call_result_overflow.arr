-- error: 5:22: a dimension of this expression's type overflows i64
-- A user function's result type [2 * n] instantiated with n = 2^62: the error is at
-- the call.
def twice(x: [n]f64): [2 * n]f64 = concat(x, x)
entry main(y: f64) = twice(replicate(4611686018427387904, y))
