-- The Arr counterparts of the entries of ProbeEntries.cpp (harness_test.py
-- checks that the harness and arrc --interpret agree on them).
entry main(a: [n]f64, b: [n]f64): [n]f64 = a + b

entry tuple(x: [n]i64): (f64, [n]i64, [n]bool) = (f64(sum(x)), -x, x > 0)

entry pick(p: ([n]f64, i64)): f64 = p.0[p.1]

entry tail(x: [n]f64) = drop(3, x)

entry square(m: [n, n]f64): i64 = n

entry fixed(t: [3]i64): i64 = sum(t)
