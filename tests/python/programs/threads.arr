-- Work for the tests of concurrent calls and thread counts (tests/python/test_threads.py).

-- Quadratic work on a vector: long calls from a short input.
entry pairs(x: [n]f64): f64 = sum(build([n], \i -> sum(build([n], \j -> sin(x[i] * x[j])))))

-- One parallel loop over the rows.
entry rowsums(x: [n, m]f64): [n]f64 = build([n], \i -> sum(x[i]))

-- Fails (negative dimension n-3) for fewer than 3 elements, naming the value.
entry tail3(x: [n]f64) = drop(3, x)
