-- error: 3:30: build:
-- A float variable is not a size.
entry main(x: f64): [3]f64 = build([x], \i -> 1.0)
