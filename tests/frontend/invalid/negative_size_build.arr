-- error: 5:3: the size n-1 of build is -1 here, a negative size
-- ARGS: --dump-after=core
-- [n - 1] at n = 0 (LANGUAGE.md §3), known once diff is inlined.
def diff(x: [n]f64): [n - 1]f64 =
  build([n - 1], \i -> x[i + 1] - x[i])
entry main(x: [0]f64) = diff(x)
