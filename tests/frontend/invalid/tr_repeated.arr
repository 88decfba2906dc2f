-- error: 4:27: tr:
-- error-contains: not a permutation
-- [1,1] is not a permutation.
entry main(a: [n,m]f64) = tr([1,1], a)
