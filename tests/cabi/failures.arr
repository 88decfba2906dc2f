-- Entry points that fail at run time, called from C through `arrc -c` by
-- failures_main.c: sizes that are negative or overflow i64, allocations that
-- cannot succeed, in serial code and inside parallel loops (LANGUAGE.md §3 and
-- §9). Each failure must return non-zero with a message, leave the host
-- running and leak nothing; failures_test.py also runs the host with bad
-- OMP_NUM_THREADS values and from Python.

-- t is materialised (it is read three times): n·8 bytes, past i64 for n = 2^61.
entry halves(x: [n, m]f64): f64 =
  let t = build([n], \i -> f64(i) * 0.5) in t[n - 1] + maximum(t) + t[0]

-- a (k elements) is allocated before t (n elements): when t fails, a is freed.
entry two(x: [n, m]f64, y: [k]f64): f64 =
  let a = build([k], \i -> y[i] * 2.0 + y[k - 1 - i])
  let t = build([n], \i -> f64(i) * a[0])
  in maximum(a) + a[k - 1] + t[n - 1] + maximum(t) + t[0]

-- A row of n elements allocated in every iteration of a parallel loop over p.
entry rows(x: [p, m]f64, z: [n, q]f64): [p]f64 =
  build([p], \i ->
    let row = build([n], \j -> f64(i + j))
    in maximum(row) + row[n - 1] + f64(m))

-- Sizes computed at run time: n*n must fit in i64.
entry square(x: [n, m]f64): [n * n]f64 = build([n * n], \i -> 1.0)
entry countSquare(x: [n, m]f64): i64 = sum(build([n * n], \i -> 1))
entry pair(x: [n, m]f64, y: [n * n]f64): f64 = sum(y)

-- Sizes that calls and entries bind must not be negative.
def rest(x: [3 + m]f64): i64 = m
entry first3(x: [n]f64) = take(3, x)
entry rest3(x: [n]f64): i64 = rest(x)
entry diff(x: [n]f64): [n - 1]f64 = build([n - 1], \i -> x[i + 1] - x[i])

-- Suffix broadcasting through the C ABI.
entry bias(a: [b, n]f64, v: [n]f64): [b, n]f64 = a + v
