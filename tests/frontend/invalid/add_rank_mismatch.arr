-- error: 5:8: cannot add [n]f64 and [n,m]f64
-- Elementwise + on a vector and a matrix.
entry main(a: [n]f64, b: [n,m]f64): [n]f64 =
  let c = a * 2.0
  in c + b
