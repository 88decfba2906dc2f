-- error: 4:32: argument 'x' of rest has type [2]f64, expected [m+3]f64
-- rest on a two-element literal would bind m = -1.
def rest(x: [3 + m]f64): i64 = m
entry main(x: f64): i64 = rest([x, 1.0])
