-- error: 4:52: customVjp: the rule returns (f64, f64), expected f64
-- One differentiable parameter: the rule returns one cotangent, not a tuple.
def twice(x: f64, k: i64): f64 = x * f64(k)
entry main(x: f64, k: i64) = grad(customVjp(twice, \x k y ct -> (ct, ct)))(x, k)
