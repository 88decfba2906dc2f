-- error: 3:52: cannot multiply
-- Elementwise * on matrices of transposed shapes.
entry main(a: [n,m]f64, b: [m,n]f64): [n,m]f64 = a * b
