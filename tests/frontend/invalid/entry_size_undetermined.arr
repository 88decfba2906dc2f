-- error: 4:15: entry 'main' cannot read size n off the shapes of its inputs: a dimension determines a size when it is the only unknown one and the dimension is linear in it (n, n-1, 2*n), and n*n is not
-- An entry reads its sizes off its inputs' shapes: n*n = 9 does not say
-- which n (it could be solved here, but not in general, e.g. n*n - n).
entry main(x: [n * n]f64): i64 = n
