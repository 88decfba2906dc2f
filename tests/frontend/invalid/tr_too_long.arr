-- error: 3:27: tr:
-- A permutation of three dimensions applied to a matrix.
entry main(a: [n,m]f64) = tr([0,1,2], a)
