-- Sizes near 2^63 (issue 23): byte and element counts computed at run time are
-- checked, sizes such as n*n must fit in i64, and an allocation that cannot
-- succeed is one error with exit status 1, never a crash or a wrong result.
-- Huge sizes come from empty inputs such as empty([2305843009213693952,0]f64).

-- t is materialised: n*8 bytes overflow i64 for n = 2^61; 2^40 elements (8 TB)
-- are more than any machine here has.
entry halves(x: [n, m]f64): f64 =
  let t = build([n], \i -> f64(i) * 0.5) in t[n - 1] + maximum(t) + t[0]

-- n*n is a size computed at run time.
entry square(x: [n, m]f64): [n * n]f64 = build([n * n], \i -> 1.0)
entry countSquare(x: [n, m]f64): i64 = sum(build([n * n], \i -> 1))
entry pair(x: [n, m]f64, y: [n * n]f64): f64 = sum(y)

-- Legitimately empty arrays of huge outer size are fine.
entry emptyRows(x: [n, m]f64): ([n, m]f64, i64) = (x * 2.0, n)

-- RUN: --entry halves
-- INPUT: [[1.0], [2.0], [3.0], [4.0]]
-- EXPECT: 3.0
-- RUN: --entry halves
-- INPUT: empty([2305843009213693952,0]f64)
-- EXPECT-ERROR: out of memory: cannot allocate 2305843009213693952 elements of 8 bytes
-- RUN: --entry halves
-- INPUT: empty([9223372036854775807,0]f64)
-- EXPECT-ERROR: out of memory: cannot allocate 9223372036854775807 elements of 8 bytes
-- RUN: --entry halves
-- INPUT: empty([1099511627776,0]f64)
-- EXPECT-ERROR: out of memory: cannot allocate 1099511627776 elements of 8 bytes
-- RUN: --entry square
-- INPUT: [[1.0, 2.0], [3.0, 4.0]]
-- EXPECT: [1.0, 1.0, 1.0, 1.0]
-- RUN: --entry square
-- INPUT: empty([4294967296,0]f64)
-- EXPECT-ERROR: the dimension n*n overflows i64
-- RUN: --entry countSquare
-- INPUT: empty([4294967297,0]f64)
-- EXPECT-ERROR: overflows i64
-- RUN: --entry countSquare
-- INPUT: empty([5,0]f64)
-- EXPECT: 25
-- RUN: --entry pair
-- INPUT: empty([9223372036854775807,0]f64) [1.0]
-- EXPECT-ERROR: parameter 'y' has shape [1], and its dimension n*n overflows i64 (n = 9223372036854775807 from 'x')
-- RUN: --entry pair
-- INPUT: empty([3037000500,0]f64) [1.0]
-- EXPECT-ERROR: its dimension n*n overflows i64
-- RUN: --entry pair
-- INPUT: empty([2,0]f64) [1.0, 2.0, 3.0, 4.0]
-- EXPECT: 10.0
-- RUN: --entry emptyRows
-- INPUT: empty([9223372036854775807,0]f64)
-- EXPECT: empty([9223372036854775807,0]f64)
-- EXPECT: 9223372036854775807
