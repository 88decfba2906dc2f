-- error: 4:41: cannot add
-- [n+1] is not [n].
def grow(a: [n]f64): [n+1]f64 = build([n+1], \i -> a[i])
entry main(a: [n]f64): [n]f64 = grow(a) + a
