-- error: 4:57: customJvp: the rule returns [n]f64, expected f64
-- The tangent of a scalar result is a scalar.
def total(v: [n]f64): f64 = sum(v)
entry main(v: [n]f64, t: [n]f64) = jvp(customJvp(total, \v y t -> t))(v, t)
