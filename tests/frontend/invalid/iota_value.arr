-- error: 3:30: iota:
-- An i64 computed at run time is not a size.
entry main(a: [n]i64) = iota(a[0] + 1)
