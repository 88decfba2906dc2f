-- Derivatives at special points, checked exactly: x ** 2.0 at 0 and at a
-- negative base (no NaN from log of the base, in either mode), pow with an
-- exponent below one at 0 (inf), x ** 0.0 at 0 (the function is the constant 1,
-- so the derivative is 0, not 0 * 0^-1 = NaN; a polynomial written with
-- x ** f64(j) hits this at x = 0), abs at 0 (LANGUAGE.md §8: one of the
-- one-sided derivatives, so +1 or -1), max on ties (the first operand),
-- maxOuter at a tie (the first maximum, in both modes), and empty arrays
-- (empty gradients).
entry dsq(a: [n]f64) = grad(\x -> sum(x ** 2.0))(a)
entry jsq(a: [n]f64, t: [n]f64) = jvp(\x -> x ** 2.0)(a, t)
entry vsq(a: [n]f64, w: [n]f64) = vjp(\x -> x ** 3.0)(a, w)
entry dpow(a: [n]f64, e: f64) = grad(\x -> sum(pow(x, e)))(a)
entry jmax(a: [n]f64, t: [n]f64) = jvp(\x -> maxOuter(x))(a, t)
entry vmax(a: [n]f64, w: f64) = vjp(\x -> maxOuter(x))(a, w)
entry jmaxCols(m: [r, c]f64, t: [r, c]f64) = jvp(\x -> maxOuter(x))(m, t)
entry vmaxCols(m: [r, c]f64, w: [c]f64) = vjp(\x -> maxOuter(x))(m, w)
entry dpow0(x: f64) = grad(\y -> y ** 0.0)(x)
entry jpow0(x: f64, t: f64) = jvp(\y -> y ** 0.0)(x, t)
entry dpoly(c: [k]f64, x: f64) = grad(\y -> sum(build([k], \j -> c[j] * y ** f64(j))))(x)
entry dabsMagnitude(x: f64): f64 = abs(grad(\y -> abs(y))(x))
entry jabsMagnitude(x: f64): f64 = abs((jvp(\y -> abs(y))(x, 1.0)).1)
entry dmaxTie(x: f64) = grad(\a b -> max(a, b) + 2.0 * min(a, b))(x, x)
entry dempty(a: [n]f64, b: [m]f64) = grad(\x y -> sum(x * x) + sum(y))(a, b)
entry jempty(a: [n]f64, t: [n]f64) = jvp(\x -> exp(x))(a, t)
-- The branch an if does not take gives no derivative, also where its own
-- derivative is inf or NaN (sqrt and 1/x below at x <= 0): 0, not 0 * NaN.
entry dsafeSqrt(x: f64) = grad(\y -> if y > 0.0 then sqrt(y) else 0.0)(x)
entry vsafeSqrt(x: f64, w: f64) = vjp(\y -> if y > 0.0 then sqrt(y) else 0.0)(x, w)
entry dsinc(x: f64) = grad(\y -> if y == 0.0 then 1.0 else sin(y) / y)(x)
-- The same inside build, where the bulk transform turns the if into a gather
-- from the literal of both branches: per element, per row, and nested.
entry dsafeSqrts(a: [n]f64) = grad(\x -> sum(build([n], \i -> if x[i] > 0.0 then sqrt(x[i]) else 0.0)))(a)
entry dsafeLogs(a: [n]f64) = grad(\x -> sum(build([n], \i -> if x[i] > 0.0 then log(x[i]) else x[i])))(a)
entry vsafeRows(m: [r, c]f64, w: [r, c]f64) = vjp(\x -> build([r], \i -> if x[i, 0] > 0.0 then sqrt(x[i]) else 2.0 * x[i]))(m, w)
entry dnestedIf(a: [n]f64) = grad(\x -> sum(build([n], \i -> if x[i] > 1.0 then log(x[i] - 1.0) else if x[i] > 0.0 then 3.0 * x[i] else sqrt(x[i]))))(a)
-- A scalar if around array work: the branch not taken gives 0 also where a factor
-- reached through a sum or a replicate (1 / (2 sqrt 0)) is infinite.
entry dsafeSum(x: [n]f64, y: f64, c: f64) = grad(\b -> if c > 0.0 then sum(build([n], \i -> sqrt(b) * 3.0 - x[i])) else 0.0)(y)
entry vsafeReplicated(y: f64, c: f64, w: [n]f64) = vjp(\b -> if c > 0.0 then build([n], \i -> sqrt(b) * f64(i)) else build([n], \i -> 0.0))(y, w)

-- CHECK-OUTPUT: dsq
-- INPUT: [0.0, -2.0, 3.0]
-- EXPECT: [0.0, -4.0, 6.0]
-- CHECK-OUTPUT: jsq
-- INPUT: [0.0, -2.0, 3.0] [1.0, 1.0, 1.0]
-- EXPECT: [0.0, 4.0, 9.0] [0.0, -4.0, 6.0]
-- CHECK-OUTPUT: vsq
-- INPUT: [0.0, -2.0, 3.0] [1.0, 1.0, 1.0]
-- EXPECT: [0.0, 12.0, 27.0]
-- CHECK-OUTPUT: dpow
-- INPUT: [0.0, -2.0, 3.0] 2.0
-- EXPECT: [0.0, -4.0, 6.0]
-- CHECK-OUTPUT: dpow
-- INPUT: [0.0, 4.0] 0.5
-- EXPECT: [inf, 0.25]
-- CHECK-OUTPUT: dpow0
-- INPUT: 0.0
-- EXPECT: 0.0
-- CHECK-OUTPUT: jpow0
-- INPUT: 0.0 1.0
-- EXPECT: 1.0 0.0
-- CHECK-OUTPUT: dpoly
-- INPUT: [1.0, 2.0, 3.0] 0.0
-- EXPECT: 2.0
-- CHECK-OUTPUT: dpoly
-- INPUT: [1.0, 2.0, 3.0] 1.0
-- EXPECT: 8.0
-- CHECK-OUTPUT: dabsMagnitude
-- INPUT: 0.0
-- EXPECT: 1.0
-- CHECK-OUTPUT: jabsMagnitude
-- INPUT: 0.0
-- EXPECT: 1.0
-- CHECK-OUTPUT: dmaxTie
-- INPUT: 1.5
-- EXPECT: 3.0 0.0
-- CHECK-OUTPUT: jmax
-- INPUT: [1.0, 3.0, 3.0, -1.0] [10.0, 20.0, 30.0, 40.0]
-- EXPECT: 3.0 20.0
-- CHECK-OUTPUT: vmax
-- INPUT: [1.0, 3.0, 3.0, -1.0] 2.0
-- EXPECT: [0.0, 2.0, 0.0, 0.0]
-- CHECK-OUTPUT: jmaxCols
-- INPUT: [[1.0, 5.0], [2.0, 5.0], [2.0, 4.0]] [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
-- EXPECT: [2.0, 5.0] [3.0, 2.0]
-- CHECK-OUTPUT: vmaxCols
-- INPUT: [[1.0, 5.0], [2.0, 5.0], [2.0, 4.0]] [10.0, 20.0]
-- EXPECT: [[0.0, 20.0], [10.0, 0.0], [0.0, 0.0]]
-- CHECK-OUTPUT: dempty
-- INPUT: empty([0]f64) [1.0, 2.0]
-- EXPECT: empty([0]f64) [1.0, 1.0]
-- CHECK-OUTPUT: jempty
-- INPUT: empty([0]f64) empty([0]f64)
-- EXPECT: empty([0]f64) empty([0]f64)

-- The same derivatives at random points, where vjp and jvp must agree: x ** 3.0,
-- pow with a float exponent, maxOuter along the rows (no ties), max and min.
entry cube(a: [n]f64): [n]f64 = a ** 3.0
entry jcube(a: [n]f64, t: [n]f64) = jvp(\x -> x ** 3.0)(a, t)
entry powE(a: [n]f64, e: f64): [n]f64 = pow(a, e)
entry vpowE(a: [n]f64, e: f64, w: [n]f64) = vjp(\x y -> pow(x, y))(a, e, w)
entry jpowE(a: [n]f64, e: f64, ta: [n]f64, te: f64) = jvp(\x y -> pow(x, y))(a, e, ta, te)
entry maxCols(m: [r, c]f64): [c]f64 = maxOuter(m)
entry maxMin(a: [n]f64, b: [n]f64): [n]f64 = max(a, b) + 2.0 * min(a, b)
entry vmaxMin(a: [n]f64, b: [n]f64, w: [n]f64) = vjp(\x y -> max(x, y) + 2.0 * min(x, y))(a, b, w)
entry jmaxMin(a: [n]f64, b: [n]f64, ta: [n]f64, tb: [n]f64) = jvp(\x y -> max(x, y) + 2.0 * min(x, y))(a, b, ta, tb)

-- CHECK-VJP-JVP: cube vsq jcube [4]
-- CHECK-VJP-JVP: powE vpowE jpowE [4]@0.2:2 []@-1.5:2
-- CHECK-VJP-JVP: maxCols vmaxCols jmaxCols [3,2]
-- CHECK-VJP-JVP: maxMin vmaxMin jmaxMin [5] [5]
-- CHECK-OUTPUT: dsafeSqrt
-- INPUT: -1.0
-- EXPECT: 0.0
-- CHECK-OUTPUT: dsafeSqrt
-- INPUT: 4.0
-- EXPECT: 0.25
-- CHECK-OUTPUT: vsafeSqrt
-- INPUT: 0.0 2.0
-- EXPECT: 0.0
-- CHECK-OUTPUT: dsinc
-- INPUT: 0.0
-- EXPECT: 0.0
-- CHECK-OUTPUT: dsafeSqrts
-- INPUT: [1.0, -1.0, 4.0, 0.0]
-- EXPECT: [0.5, 0.0, 0.25, 0.0]
-- CHECK-OUTPUT: dsafeLogs
-- INPUT: [0.0, 2.0, -3.0]
-- EXPECT: [1.0, 0.5, 1.0]
-- CHECK-OUTPUT: vsafeRows
-- INPUT: [[4.0, -1.0], [-1.0, 0.0], [0.0, 1.0]] [[1.0, 1.0], [1.0, 1.0], [1.0, 1.0]]
-- EXPECT: [[0.25, nan], [2.0, 2.0], [2.0, 2.0]]
-- CHECK-OUTPUT: dnestedIf
-- INPUT: [1.0, 0.5, -1.0, 3.0]
-- EXPECT: [3.0, 3.0, nan, 0.5]
-- CHECK-OUTPUT: dsafeSum
-- INPUT: [-1.0, -2.0] 0.0 -1.0
-- EXPECT: 0.0
-- CHECK-OUTPUT: dsafeSum
-- INPUT: [-1.0, -2.0] 4.0 1.0
-- EXPECT: 1.5
-- CHECK-OUTPUT: vsafeReplicated
-- INPUT: 0.0 -1.0 [1.0, 1.0, 1.0]
-- EXPECT: 0.0
-- CHECK-OUTPUT: vsafeReplicated
-- INPUT: 4.0 1.0 [1.0, 1.0, 1.0]
-- EXPECT: 0.75
