-- jvp(f)(x.., t..) (LANGUAGE.md §8) returns (f(x..), the tangent of the result)
-- for tangents of the float parameters only: a tuple result (one tangent per
-- float component; the i64 component has none), f32, a capturing lambda, i64
-- and bool parameters passed through, zero tangents, and two jvps in one entry.
-- Exact outputs (polynomials at binary fractions, worked out by hand), then
-- the same functions against vjp and finite differences at random points.

-- stats(a, s) = (a * a * s, sum(a) * s, argmax(a)); tangents 2 a ta s + a^2 ts
-- and sum(ta) s + sum(a) ts.
def stats(a: [n]f64, s: f64): ([n]f64, f64, i64) = (a * a * s, sum(a) * s, argmax(a))
entry primalStats(a: [n]f64, s: f64): ([n]f64, f64, i64) = stats(a, s)
entry jStats(a: [n]f64, s: f64, ta: [n]f64, ts: f64) = jvp(stats)(a, s, ta, ts)
entry vStats(a: [n]f64, s: f64, w: ([n]f64, f64, i64)) = vjp(stats)(a, s, w)

-- f32 throughout: x^3 - 2x, tangent (3x^2 - 2) t.
entry cubic(x: [n]f32): [n]f32 = x * x * x - 2 * x
entry jCubic(x: [n]f32, t: [n]f32) = jvp(\v -> v * v * v - 2 * v)(x, t)
entry vCubic(x: [n]f32, w: [n]f32) = vjp(\v -> v * v * v - 2 * v)(x, w)

-- A lambda capturing an array and a scalar: only w has a tangent.
entry capture(w: [n]f64, x: [n]f64, s: f64): f64 = sum(w * x) * s + w[0] * w[0]
entry jCapture(w: [n]f64, x: [n]f64, s: f64, t: [n]f64) = jvp(\v -> sum(v * x) * s + v[0] * v[0])(w, t)
entry vCapture(w: [n]f64, x: [n]f64, s: f64, ct: f64) = vjp(\v -> sum(v * x) * s + v[0] * v[0])(w, ct)

-- k (i64) and on (bool) are passed through: tangents for a and b only.
def masked(k: i64, a: [n]f64, on: [n]bool, b: f64): [n]f64 =
  build([n], \i -> if on[i] then a[i] * b * f64(k) else a[i] * a[i])
entry primalMasked(k: i64, a: [n]f64, on: [n]bool, b: f64): [n]f64 = masked(k, a, on, b)
entry jMasked(k: i64, a: [n]f64, on: [n]bool, b: f64, ta: [n]f64, tb: f64) = jvp(masked)(k, a, on, b, ta, tb)
entry vMasked(k: i64, a: [n]f64, on: [n]bool, b: f64, w: [n]f64) = vjp(masked)(k, a, on, b, w)

-- Results that do not depend on the differentiated input have zero tangents.
entry jZero(a: [n]f64, t: [n]f64) = jvp(\x -> (f64(n) + 0.5, noGrad(x) * 2.0, x))(a, t)

-- Two jvps of the same function at two points in one entry, each its own
-- derivative program: 3 x^2 t at x and at x + 1.
entry jTwo(x: f64, t: f64) = ((jvp(\v -> v * v * v)(x, t)).1, (jvp(\v -> v * v * v)(x + 1.0, t)).1)

-- CHECK-OUTPUT: jStats
-- INPUT: [1.0, 3.0, 2.0] 2.0 [1.0, 0.0, -1.0] 0.5
-- EXPECT: [2.0, 18.0, 8.0] 12.0 1
-- EXPECT: [4.5, 4.5, -6.0] 3.0
-- CHECK-OUTPUT: jCubic
-- INPUT: [1.0, 2.0, -0.5] [1.0, 0.5, 2.0]
-- EXPECT: [-1.0, 4.0, 0.875] [1.0, 5.0, -2.5]
-- CHECK-OUTPUT: jCapture
-- INPUT: [1.0, 2.0] [3.0, -1.0] 2.0 [0.5, 1.0]
-- EXPECT: 3.0 2.0
-- CHECK-OUTPUT: jMasked
-- INPUT: 3 [1.0, 2.0, 3.0] [true, false, true] 0.5 [1.0, 1.0, 1.0] 2.0
-- EXPECT: [1.5, 4.0, 4.5] [7.5, 4.0, 19.5]
-- CHECK-OUTPUT: jZero
-- INPUT: [1.0, -2.0] [3.0, 4.0]
-- EXPECT: 2.5 [2.0, -4.0] [1.0, -2.0]
-- EXPECT: 0.0 [0.0, 0.0] [3.0, 4.0]
-- CHECK-OUTPUT: jTwo
-- INPUT: 1.0 2.0
-- EXPECT: 6.0 24.0

-- CHECK-VJP-JVP: primalStats vStats jStats [4] []
-- CHECK-VJP-JVP: cubic vCubic jCubic [4]f32
-- CHECK-VJP-JVP: capture vCapture jCapture [3] ~[3] ~[]
-- CHECK-VJP-JVP: primalMasked vMasked jMasked []i64@-2:3 [5] [5]bool []
