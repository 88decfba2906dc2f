-- Sizes that are sums and products of size variables and constants, in entry
-- parameters and results and through user functions that unify them.
def pairs(a: [n]f64): [n, 2]f64 = build([n, 2], \i j -> a[i] + f64(j))

def flatten(a: [n, m]f64): [n * m]f64 = reshape([n * m], a)

def extend(a: [n]i64): [n + 1]i64 = build([n + 1], \i -> if i < n then a[i] else n)

entry interleave(a: [n]f64): [2 * n]f64 = flatten(pairs(a))

entry grow(a: [n]i64): [n + 2]i64 = extend(extend(a))

entry tail(a: [n + 1]i64): [n]i64 = build([n], \i -> a[i + 1])

entry blocks(a: [n * 2]i64): [n, 2]i64 = reshape([n, 2], a)

entry square(a: [n, n]i64): [n * n]i64 = reshape([n * n], a)

entry bigger(a: [n]i64, b: [m]i64): [n * m + n]i64 = concat(reshape([n * m], outer(a, b)), a)

-- RUN: --entry interleave
-- INPUT: [1.0, 5.0]
-- EXPECT: [1.0, 2.0, 5.0, 6.0]
-- RUN: --entry grow
-- INPUT: [7, 7]
-- EXPECT: [7, 7, 2, 3]
-- RUN: --entry grow
-- INPUT: empty([0]i64)
-- EXPECT: [0, 1]
-- RUN: --entry tail
-- INPUT: [1, 2, 3]
-- EXPECT: [2, 3]
-- RUN: --entry tail
-- INPUT: [1]
-- EXPECT: empty([0]i64)
-- RUN: --entry tail
-- INPUT: empty([0]i64)
-- EXPECT-ERROR: parameter 'a'
-- RUN: --entry blocks
-- INPUT: [1, 2, 3, 4, 5, 6]
-- EXPECT: [[1, 2], [3, 4], [5, 6]]
-- RUN: --entry blocks
-- INPUT: [1, 2, 3]
-- EXPECT-ERROR: parameter 'a'
-- RUN: --entry square
-- INPUT: [[1, 2], [3, 4]]
-- EXPECT: [1, 2, 3, 4]
-- RUN: --entry bigger
-- INPUT: [1, 2] [3, 4, 5]
-- EXPECT: [3, 4, 5, 6, 8, 10, 1, 2]

-- A parameter size with a coefficient, [2*n], binds n from [4], from [2*m] and
-- from [(k+1)*2] (n = k + 1) at each call.
def halves(a: [2 * n]f64): [n]f64 = build([n], \i -> a[2 * i] + a[2 * i + 1])
entry halvesFixed(x: [4]f64): [2]f64 = halves(x)
entry halvesVariable(x: [2 * m]f64): [m]f64 = halves(x)
entry halvesShifted(x: [(k + 1) * 2]f64): [k + 1]f64 = halves(x)
-- RUN: --entry halvesFixed
-- INPUT: [1.0, 2.0, 3.0, 4.5]
-- EXPECT: [3.0, 7.5]
-- RUN: --entry halvesVariable
-- INPUT: [1.0, 2.0, 3.0, 4.5, -1.0, 0.5]
-- EXPECT: [3.0, 7.5, -0.5]
-- RUN: --entry halvesShifted
-- INPUT: [1.0, 2.0]
-- EXPECT: [3.0]
