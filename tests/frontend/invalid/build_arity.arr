-- error: 3:33: build:
-- The lambda takes two indices for a one-dimensional shape.
entry main(a: [n]f64): [n]f64 = build([n], \i j -> a[i])
