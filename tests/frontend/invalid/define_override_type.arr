-- error: none: -D
-- ARGS: -D n=1.5
-- -D n=1.5 where n is an i64 constant.
def n = 3
entry main(a: [n]f64): f64 = a[0]
