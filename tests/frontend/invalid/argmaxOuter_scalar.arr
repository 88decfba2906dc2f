-- error: 3:27: argmaxOuter:
-- A scalar has no outer dimension.
entry main(i: i64): i64 = argmaxOuter(i)
