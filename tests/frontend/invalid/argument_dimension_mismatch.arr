-- error: 4:48: argument
-- A user dot (shadowing the prelude) on vectors of different sizes.
def dot(a: [n]f64, b: [n]f64): f64 = sumOuter(a * b)
entry main(a: [n]f64, b: [m]f64): f64 = dot(a, b)
