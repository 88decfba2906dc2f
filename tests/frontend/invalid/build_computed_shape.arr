-- error: 4:10: build:
-- A value computed from array contents is not a size.
entry main(k: [n]i64) =
  build([k[0]], \i -> 1.0)
