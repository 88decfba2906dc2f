-- Entry points called from C through the object file and header of `arrc -c`
-- (LANGUAGE.md section 9, "The C ABI of object files"); cabi_main.c calls them
-- and cabi_test.py checks the header's declarations.

-- The example of section 9: size variables n and m, an i64 scalar parameter, an
-- f32 array, and a tuple result whose second component is a scalar.
entry f(x: [n, m]f64, k: i64, y: [m]f32): ([n]f64, f64) =
  (build([n], \i -> sum(x[i] * f64(y)) + f64(k)),
   sum(build([n], \i -> sum(x[i]))) * f64(k))

-- Three size variables, in order of first appearance q (in s), p (in t), r (in w);
-- a compound dimension p + 1; sizes used as values.
entry sizes(s: [q]i64, t: [p, q]f64, u: [p + 1]f64, w: [r]f32): ([p, q]f64, [r]f32, i64) =
  (build([p, q], \i j -> t[i, j] * f64(s[j]) + u[i + 1]),
   w * 2.0 - 1.0,
   p * 100 + q * 10 + r)

-- i64 and bool arrays, a bool scalar; integer remainder with floor semantics.
entry masks(v: [n]i64, keep: [n]bool, flip: bool): ([n]i64, [n]bool, i64) =
  let chosen = build([n], \i -> if keep[i] != flip then v[i] else 0)
  in (chosen, build([n], \i -> v[i] % 3 == 0), sum(chosen))

-- A single scalar result.
entry norm2(v: [n]f64): f64 = sqrt(sum(v * v))

-- No parameters at all.
entry answer(): i64 = 42

-- The result has the dimension n-3 (prelude's drop: x is [3 + m]), negative when n < 3.
entry tail3(x: [n]f64) = drop(3, x)

-- Gradients through the C ABI: the object file holds only primal and derivative
-- code. grad of the norm is v / |v|; valueAndGrad adds the value.
entry dnorm2(v: [n]f64) = grad(\u -> sqrt(sum(u * u)))(v)
entry vgnorm2(v: [n]f64, s: f64) = valueAndGrad(\u t -> t * sqrt(sum(u * u)))(v, s)
