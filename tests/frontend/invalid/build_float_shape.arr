-- error: 3:37: build:
-- A float variable is not a size.
entry main(x: f64): [3]f64 = build([x], \i -> 1.0)
