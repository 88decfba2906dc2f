-- Programs whose loops are large enough to run in parallel (tests/native/parallel_test.py):
-- top-level sum and maximum reductions (per-thread partial results), parallel
-- materialisation, an injective scatter, and an interchanged matrix product.
entry dot(a: [n]f64, b: [n]f64): f64 = sum(a * b)
entry largest(a: [n]f64): f64 = maximum(a)
entry count(a: [n]f64): i64 = sum(map(\x -> if x > 0.5 then 1 else 0, a))
entry scaled(a: [n]f64): [n]f64 = map(\x -> exp(x) * 2.0, a)
entry transposed(m: [r, c]f64): [c, r]f64 = scatter([c, r], m, \i j -> [j, i])
entry product(a: [p, q]f64, b: [q, s]f64): [p, s]f64 = matmul(a, b)
entry columns(m: [r, c]f64): [c]f64 = sumOuter(m)
