-- `-` in dimensions (LANGUAGE.md §3): sizes are polynomials with integer
-- coefficients. Differences of neighbours, valid convolutions, shifted windows;
-- unification solves a dimension linear in one unknown ([n - 1] against [7]
-- binds n = 8, [2*n - 1] against [9] binds n = 5), also against the caller's
-- symbolic sizes, and equal polynomials are equal types (m-3+1 is m-2).
def diff(x: [n]f64): [n - 1]f64 = build([n - 1], \i -> x[i + 1] - x[i])
def conv(x: [n]f64, w: [k]f64): [n - k + 1]f64 =
  build([n - k + 1], \i -> sum(build([k], \j -> x[i + j] * w[j])))
def grow(x: [n - 1]f64): [n]f64 = build([n], \i -> if i < n - 1 then x[i] else 0.0)
def halve(x: [2 * n - 1]f64): [n]f64 = build([n], \i -> x[2 * i])
def inner<T>(x: [n]T): [n - 2]T = build([n - 2], \i -> x[i + 1])
def backwards(x: [5 - n]f64): i64 = n

entry main(a: [7]f64, b: [m]f64, w: [3]f64, c: [9]f64):
    ([6]f64, [m-2]f64, [8]f64, [m+1]f64, [5]f64, [m-2]i64, [m-1]f64, i64) =
  let d = diff(a)
  let d2 = diff(diff(b))
  let v = conv(b, w)
  let e = d2 + v
  let g = grow(a)
  let gb = grow(b)
  let h = halve(c)
  let i = inner(iota(m))
  let t = take(m - 1, b)
  let k = backwards([1.0, 2.0])
  in (d, e, g, gb, h, i, t, k)
-- CHECK: let d: [6]f64 =
-- CHECK: let d2: [m-2]f64 =
-- CHECK: let v: [m-2]f64 =
-- CHECK: let e: [m-2]f64 =
-- CHECK: let g: [8]f64 =
-- CHECK: let gb: [m+1]f64 =
-- CHECK: let h: [5]f64 =
-- CHECK: let i: [m-2]i64 =
-- CHECK: let t: [m-1]f64 =
-- CHECK: let k: i64 =

-- An entry reads n off its input: x has n - 1 elements, y has 2*n - 1.
entry shifted(x: [n - 1]f64, y: [2 * n - 1]f64): [n - 1]f64 = x + diff(y)[0]
-- CHECK-LABEL: entry shifted(x: [n-1]f64, y: [2*n-1]f64): [n-1]f64
