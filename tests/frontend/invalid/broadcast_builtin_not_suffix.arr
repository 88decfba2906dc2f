-- error: 3:54: max: cannot combine [n,b]f64 and [n,c]f64: dimension b differs from c
-- Equal ranks must have equal shapes; both shapes are printed.
entry main(m: [n,b]f64, w: [n,c]f64): [n,b]f64 = m + max(m, w)
