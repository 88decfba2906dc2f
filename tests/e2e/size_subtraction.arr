-- `-` in dimensions (LANGUAGE.md §3): in parameters, results and nested calls,
-- with unification solving for a size variable, entries reading sizes such as
-- n - 1 off their inputs, and the negative sizes that result checked at run time.
def diff(x: [n]f64): [n - 1]f64 = build([n - 1], \i -> x[i + 1] - x[i])
def conv(x: [n]f64, w: [k]f64): [n - k + 1]f64 =
  build([n - k + 1], \i -> sum(build([k], \j -> x[i + j] * w[j])))
def grow(x: [n - 1]f64): [n]f64 = build([n], \i -> if i < n - 1 then x[i] else 10.0)
def halve(x: [2 * n - 1]f64): [n]f64 = build([n], \i -> x[2 * i])
def rest(x: [3 + m]f64): i64 = m

-- Differences of differences: [n - 2], through nested calls.
entry second(x: [n]f64): [n - 2]f64 = diff(diff(x))

-- A valid convolution, and its size as a value.
entry valid(x: [n]f64, w: [k]f64): ([n - k + 1]f64, i64) = (conv(x, w), n - k + 1)

-- Unification against constants and against the caller's sizes.
entry solved(a: [7]f64, b: [m]f64, c: [5]f64): ([8]f64, [m + 1]f64, [3]f64) =
  (grow(a), grow(b), halve(c))

-- The entry reads n off x (n - 1 elements) and checks y (2*n - 1 elements).
entry shifted(x: [n - 1]f64, y: [2 * n - 1]f64): ([n]f64, i64) = (grow(x) + halve(y), n)

-- The reproducers of issue 18: m = n - 3 is negative for n < 3.
entry first3(x: [n]f64) = take(3, x)
entry rest3(x: [n]f64): i64 = rest(x)

-- RUN: --entry second
-- INPUT: [1.0, 4.0, 9.0, 16.0, 25.0]
-- EXPECT: [2.0, 2.0, 2.0]
-- RUN: --entry second
-- INPUT: [1.0, 4.0]
-- EXPECT: empty([0]f64)
-- [n - 1] at n = 0 and [n - 2] at n = 1 are negative.
-- RUN: --entry second
-- INPUT: empty([0]f64)
-- EXPECT-ERROR: evaluates to -1, a negative size
-- RUN: --entry second
-- INPUT: [1.0]
-- EXPECT-ERROR: the dimension n-2 evaluates to -1, a negative size
-- RUN: --entry valid
-- INPUT: [1.0, 2.0, 3.0, 4.0] [1.0, -1.0]
-- EXPECT: [-1.0, -1.0, -1.0]
-- EXPECT: 3
-- RUN: --entry valid
-- INPUT: [1.0, 2.0] [1.0, 1.0, 1.0, 1.0]
-- EXPECT-ERROR: evaluates to -1, a negative size
-- RUN: --entry solved
-- INPUT: [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0] [0.5] [1.0, 2.0, 3.0, 4.0, 5.0]
-- EXPECT: [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 10.0]
-- EXPECT: [0.5, 10.0]
-- EXPECT: [1.0, 3.0, 5.0]
-- RUN: --entry shifted
-- INPUT: [1.0, 2.0] [1.0, 2.0, 3.0, 4.0, 5.0]
-- EXPECT: [2.0, 5.0, 15.0]
-- EXPECT: 3
-- RUN: --entry shifted
-- INPUT: empty([0]f64) [7.0]
-- EXPECT: [17.0]
-- EXPECT: 1
-- RUN: --entry shifted
-- INPUT: [1.0, 2.0] [1.0, 2.0, 3.0, 4.0]
-- EXPECT-ERROR: parameter 'y' must have shape [2*n-1], got [4] (n = 3 from 'x')
-- RUN: --entry first3
-- INPUT: [1.0, 2.0, 3.0, 4.0]
-- EXPECT: [1.0, 2.0, 3.0]
-- RUN: --entry first3
-- INPUT: [1.0, 2.0]
-- EXPECT-ERROR: the dimension n-3 (size m of take) evaluates to -1, a negative size
-- RUN: --entry rest3
-- INPUT: [1.0, 2.0, 3.0, 4.0, 5.0]
-- EXPECT: 2
-- RUN: --entry rest3
-- INPUT: [1.0, 2.0]
-- EXPECT-ERROR: the dimension n-3 (size m of rest) evaluates to -1, a negative size
