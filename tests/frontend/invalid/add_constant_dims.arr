-- error: 4:46: cannot add [3]f64 and [4]f64
-- Constants are compared by value.
def n = 3
entry main(a: [n]f64, b: [4]f64): [3]f64 = a + b
