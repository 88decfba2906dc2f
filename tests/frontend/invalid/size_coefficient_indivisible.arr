-- error: 4:41: argument 'a' of halves has type [5]f64, expected [2*n]f64
-- [2*n] cannot match [5]: no size n has 2*n = 5.
def halves(a: [2 * n]f64): [n]f64 = build([n], \i -> a[2 * i] + a[2 * i + 1])
entry main(x: [5]f64): f64 = sum(halves(x))
