-- Entry points for the tests of the Python package (tests/python): every kind
-- of parameter and result of LANGUAGE.md section 10.

import "lib/dot.arr"

def scale = 1.0

entry main(a: [n]f64, b: [n]f64): f64 = dot(a, b)

entry dmain(a: [n]f64, b: [n]f64) = grad(dot)(a, b)

-- A nested tuple result with a scalar of each element type but f32.
entry stats(x: [n]f64): (f64, ([n]f64, i64, bool)) =
  (sum(x) * scale, (x * 2.0, n, sum(x) > 0.0))

-- i64 and bool arrays, a bool scalar.
entry masks(v: [n]i64, keep: [n]bool, flip: bool): ([n]i64, [n]bool, i64) =
  let chosen = build([n], \i -> if keep[i] != flip then v[i] else 0)
  in (chosen, build([n], \i -> v[i] % 3 == 0), sum(chosen))

-- f32 throughout.
entry scale32(x: [n]f32, s: f32): ([n]f32, f32) = (x * s, sum(x))

-- Size variables read off the inputs: q from s, p from t, checked as p + 1 on
-- u, r from w; and sizes used as values.
entry sizes(s: [q]i64, t: [p, q]f64, u: [p + 1]f64, w: [r]f32): ([p, q]f64, [r]f32, i64) =
  (build([p, q], \i j -> t[i, j] * f64(s[j]) + u[i + 1]),
   w * 2.0 - 1.0,
   p * 100 + q * 10 + r)

-- Only solvable through the dimension 2 * m.
entry halves(x: [2 * m]f64): [m]f64 = build([m], \i -> x[2 * i] + x[2 * i + 1])

entry matmul2(a: [n, k]f64, b: [k, m]f64): [n, m]f64 = matmul(a, b)

entry fixed(x: [3]f64): f64 = sum(x)

-- A tuple parameter, nested.
entry shift(p: (f64, ([n]f64, i64))): [n]f64 = p.1.0 + p.0 * f64(p.1.1)

-- The result has the dimension n-3 (the prelude's drop: x is [3 + m]), negative when n < 3.
entry tail3(x: [n]f64) = drop(3, x)

entry answer(): i64 = 42

-- O(1) work on any size, for the cost of a call.
entry first(x: [n]f64): f64 = x[0]

entry add(a: f64, b: f64): f64 = a + b

-- Names Python cannot use as they are.
entry twice'(from: f64, lambda: f64): f64 = 2.0 * from + lambda

-- An entry whose name is an attribute of arr.Module.
entry signatures(x: f64): f64 = x
