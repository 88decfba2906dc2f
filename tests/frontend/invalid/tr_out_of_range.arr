-- error: 3:27: tr:
-- [0,2] is not a permutation of the dimensions of a matrix.
entry main(a: [n,m]f64) = tr([0,2], a)
