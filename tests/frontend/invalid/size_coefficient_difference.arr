-- error: 4:39: argument 'x' of halve has type [4]f64, expected [2*n-1]f64
-- [2*n - 1] against [4]: no size n has 2*n - 1 = 4.
def halve(x: [2 * n - 1]f64): [n]f64 = build([n], \i -> x[2 * i])
entry main(x: [4]f64): [2]f64 = halve(x)
