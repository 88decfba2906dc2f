-- error: 3:39: result
-- The declared result size differs from the body's.
def f(a: [n]f64, b: [m]f64): [m]f64 = a
