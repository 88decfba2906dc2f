-- Entry points that pointers_main.c calls through the C ABI of `arrc -c` with NULL
-- pointers and with results overlapping the parameters or each other (LANGUAGE.md §9).

-- Each result element is a different parameter element: written in place, the later
-- elements would read what the earlier ones wrote.
entry rev(x: [n]f64): [n]f64 = build([n], \i -> x[n - 1 - i])

-- Every result element reads a row of a and a column of b.
entry mm(a: [n, n]f64, b: [n, n]f64): [n, n]f64 =
  build([n, n], \i j -> sum(build([n], \l -> a[i, l] * b[l, j])))

-- Two results from one parameter.
entry two(x: [n]f64): ([n]f64, [n]f64) = (x + 1.0, x * 2.0)

-- A scalar result: one element behind its pointer.
entry total(x: [n]f64): f64 = sum(x)

-- An array parameter that no element of the result reads when k = 0.
entry scaled(x: [n]f64, y: [k]f64): [n]f64 = build([n], \i -> x[i] * f64(k + 1))

-- t has m elements, allocated after the checks: with m = 2^61 (y empty, q = 0) the
-- body fails after arrrt_prepare_call made a temporary for a result in x.
entry failing(x: [n]f64, y: [m, q]f64): [n]f64 =
  let t = build([m], \i -> f64(i) * 0.5)
  in build([n], \i -> x[n - 1 - i] + t[m - 1] + maximum(t) + t[0])
