-- Constants inside dimension expressions are evaluated; constants may be
-- defined from other constants, in any order.
def m = n * 2
def n = 3
-- CHECK: def m: i64 =
-- CHECK: def n: i64 = 3

def grow(a: [n]f64): [n+1]f64 = build([n+1], \i -> a[i])
-- CHECK: def grow(a: [3]f64): [4]f64 =

def double(a: [n]f64): [2*n]f64 = build([2*n], \i -> a[i % n])
-- CHECK: def double(a: [3]f64): [6]f64 =

def viaM(a: [m]f64): [m]f64 = a
-- CHECK: def viaM(a: [6]f64): [6]f64 =

-- [n*2] and [2*n] and [m] are all the same dimension.
entry main(a: [n]f64, b: [n*2]f64): [m]f64 = viaM(double(a) + b)
-- CHECK: entry main(a: [3]f64, b: [6]f64): [6]f64 =

-- A constant next to a size variable: [k+n] with n = 3.
def pad(a: [k]f64): [k+n]f64 = build([k+n], \i -> a[i])
-- CHECK: def pad(a: [k]f64): [{{k\+3|3\+k}}]f64 =
