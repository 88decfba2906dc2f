-- error: 4:43: customVjp: the rule, of parameters (f64, f64, f64), must take 3 parameters
-- A reverse-mode rule takes the inputs, the value and the cotangent.
def cube(x: f64): f64 = x * x * x
entry main(x: f64) = grad(customVjp(cube, \x ct -> 3.0 * x * x * ct))(x)
