-- error: 5:55: customVjp: the rule returns ([n]f64, [n]f64), expected (f64, [n]f64)
-- error-contains: the cotangents of the differentiable parameters
-- The cotangent of a scalar parameter is a scalar, not the input vector's shape.
def scaled(s: f64, v: [n]f64): [n]f64 = v * s
entry main(s: f64, v: [n]f64) = vjp(customVjp(scaled, \s v y ct -> (ct * v, ct * s)))(s, v, v)
