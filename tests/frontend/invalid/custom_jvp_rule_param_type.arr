-- error: 4:52: customJvp: the rule, of parameters (f64, f64, f64), does not fit: argument 'x' of rule has type f64, expected [n]f64
-- The rule's parameters have the types of the function's inputs, value and tangents.
def square(x: f64): f64 = x * x
entry main(x: f64, t: f64) = jvp(customJvp(square, rule))(x, t)
def rule(x: [n]f64, y: f64, t: f64): f64 = 2.0 * sum(x) * t
