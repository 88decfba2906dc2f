-- Sequential loops (LANGUAGE.md §6): fold, scan, mapAccum and the prelude's iterate,
-- with every kind of state and elements, no steps at all, captured variables,
-- functions by name, nested loops, loops in builds and builds in loops.
def runningMax(a: f64, x: f64): f64 = max(a, x)

-- Scalars: the state threads through the elements in order.
entry total(xs: [n]f64): f64 = fold(\a x -> a + x, 0.0, xs)
entry literalState(xs: [n]f64): f64 = fold(\a x -> a * 2 + x, 0, xs)
-- A literal state stays an integer where the steps need no float: halving the count
-- truncates.
entry halfCount(xs: [n]f64): f64 = f64(fold(\c x -> c + 1, 0, xs) / 2)
entry prefix(xs: [n]f64): [n]f64 = scan(\a x -> a + x, 0.0, xs)
entry byName(xs: [n]f64): [n]f64 = scan(runningMax, -1.0 / 0.0, xs)
entry order(xs: [n]f64): f64 = fold(\a x -> a * 10.0 + x, 0.0, xs)
entry pairs(xs: [n]f64): (f64, [n]f64) = mapAccum(\a x -> (a + x, a * x), 1.0, xs)
entry counting(xs: [n]i64): (i64, [n]bool) = mapAccum(\c x -> (c + x, x > c), 0, xs)

-- Tuple states, tuple elements (arrays of tuples), and a state that is an array.
entry stats(xs: [n]f64): (f64, f64, i64) =
  fold(\s x -> (s.0 + x, s.1 + x * x, s.2 + 1), (0.0, 0.0, 0), xs)
entry zipped(xs: [n]f64, ks: [n]i64): f64 = fold(\a p -> a + p.0 * f64(p.1), 0.0, (xs, ks))
entry scanPairs(xs: [n]f64): ([n]f64, [n]f64) = scan(\s x -> (s.1, s.0 + x), (0.0, 1.0), xs)
entry rowSums(m: [n, k]f64): [k]f64 = fold(\acc row -> acc + row, build([k], \j -> 0.0), m)
entry rowScan(m: [n, k]f64): [n, k]f64 = scan(\acc row -> acc * 0.5 + row, build([k], \j -> 1.0), m)
entry tupleRows(m: [n, k]f64): ([k]f64, [n]f64) =
  mapAccum(\acc row -> (acc + row, sum(row * acc)), build([k], \j -> 1.0), m)

-- Captured variables, a call, and a loop inside a loop's function.
def horner(coefficients: [d]f64, x: f64): f64 = fold(\a c -> a * x + c, 0.0, coefficients)
entry captured(xs: [n]f64, w: f64, b: [n]f64): f64 = fold(\a x -> a * w + x + sum(b), 0.0, xs)
entry polynomials(cs: [d]f64, xs: [n]f64): [n]f64 = scan(\a x -> a + horner(cs, x), 0.0, xs)
entry nested(m: [n, k]f64): f64 = fold(\a row -> a + fold(\b x -> b * a + x, 1.0, row), 0.0, m)

-- Loops in builds: one per element, all run together.
entry perRow(m: [n, k]f64): [n]f64 = build([n], \i -> fold(\a x -> a * 0.5 + x + f64(i), 0.0, m[i]))
entry perRowScan(m: [n, k]f64): [n, k]f64 = map(\row -> scan(\a x -> max(a, x), -1.0 / 0.0, row), m)
entry perColumn(m: [n, k]f64, w: [k]f64): [k]f64 =
  build([k], \j -> fold(\a row -> a * w[j] + row[j], 0.0, m))

-- Builds in loops (a grad inside a step is in tests/gradcheck/loops.arr: the interpreter
-- runs derivatives only after AD).
entry smooth(xs: [n]f64, steps: [t]f64): [n]f64 =
  fold(\u s -> build([n], \i -> u[i] + s * (u[(i + 1) % n] - u[i])), xs, steps)

-- iterate: f applied k times, the step index first.
entry powers(x: f64): f64 = iterate(4, \i s -> s * x + f64(i), 1.0)
entry iterateSize(xs: [n]f64): f64 = iterate(n, \i s -> s + xs[i] * f64(i + 1), 0.0)

-- RUN: --entry total
-- INPUT: [1.5, -2.0, 0.25, 3.0]
-- EXPECT: 2.75
-- RUN: --entry total
-- INPUT: empty([0]f64)
-- EXPECT: 0.0
-- RUN: --entry literalState
-- INPUT: [1.5, -2.0, 0.25, 3.0]
-- EXPECT: 7.5
-- RUN: --entry halfCount
-- INPUT: [1.5, -2.0, 0.25]
-- EXPECT: 1.0
-- RUN: --entry prefix
-- INPUT: [1.5, -2.0, 0.25, 3.0]
-- EXPECT: [1.5, -0.5, -0.25, 2.75]
-- RUN: --entry prefix
-- INPUT: empty([0]f64)
-- EXPECT: empty([0]f64)
-- RUN: --entry byName
-- INPUT: [1.5, -2.0, 0.25, 3.0]
-- EXPECT: [1.5, 1.5, 1.5, 3.0]
-- RUN: --entry order
-- INPUT: [1.0, 2.0, 3.0]
-- EXPECT: 123.0
-- RUN: --entry pairs
-- INPUT: [1.5, -2.0, 0.25, 3.0]
-- EXPECT: 3.75
-- EXPECT: [1.5, -5.0, 0.125, 2.25]
-- RUN: --entry pairs
-- INPUT: empty([0]f64)
-- EXPECT: 1.0
-- EXPECT: empty([0]f64)
-- RUN: --entry counting
-- INPUT: [3, -1, 4, 1, 5]
-- EXPECT: 12
-- EXPECT: [true, false, true, false, false]
-- RUN: --entry stats
-- INPUT: [1.5, -2.0, 0.25, 3.0]
-- EXPECT: 2.75
-- EXPECT: 15.3125
-- EXPECT: 4
-- RUN: --entry stats
-- INPUT: empty([0]f64)
-- EXPECT: 0.0
-- EXPECT: 0.0
-- EXPECT: 0
-- RUN: --entry zipped
-- INPUT: [1.5, -2.0, 0.25, 3.0]
-- INPUT: [2, 0, -3, 1]
-- EXPECT: 5.25
-- RUN: --entry scanPairs
-- INPUT: [1.5, -2.0, 0.25, 3.0]
-- EXPECT: [1.0, 1.5, -1.0, 1.75]
-- EXPECT: [1.5, -1.0, 1.75, 2.0]
-- RUN: --entry rowSums
-- INPUT: [[1.0, 2.0, 3.0], [0.5, -1.0, 2.0], [4.0, 0.0, -0.5]]
-- EXPECT: [5.5, 1.0, 4.5]
-- RUN: --entry rowSums
-- INPUT: empty([0,3]f64)
-- EXPECT: [0.0, 0.0, 0.0]
-- RUN: --entry rowScan
-- INPUT: [[1.0, 2.0, 3.0], [0.5, -1.0, 2.0], [4.0, 0.0, -0.5]]
-- EXPECT: [[1.5, 2.5, 3.5], [1.25, 0.25, 3.75], [4.625, 0.125, 1.375]]
-- RUN: --entry rowScan
-- INPUT: empty([0,2]f64)
-- EXPECT: empty([0,2]f64)
-- RUN: --entry tupleRows
-- INPUT: [[1.0, 2.0, 3.0], [0.5, -1.0, 2.0], [4.0, 0.0, -0.5]]
-- EXPECT: [6.5, 2.0, 5.5]
-- EXPECT: [6.0, 6.0, 7.0]
-- RUN: --entry captured
-- INPUT: [1.5, -2.0, 0.25, 3.0]
-- INPUT: 0.5
-- INPUT: [0.5, 0.25, -1.0, 2.0]
-- EXPECT: 6.09375
-- RUN: --entry polynomials
-- INPUT: [2.0, -1.0, 0.5]
-- INPUT: [1.5, -2.0, 0.25, 3.0]
-- EXPECT: [3.5, 14.0, 14.375, 29.875]
-- RUN: --entry nested
-- INPUT: [[1.0, 2.0, 3.0], [0.5, -1.0, 2.0], [4.0, 0.0, -0.5]]
-- EXPECT: 42117.375
-- RUN: --entry perRow
-- INPUT: [[1.0, 2.0, 3.0], [0.5, -1.0, 2.0], [4.0, 0.0, -0.5]]
-- EXPECT: [4.25, 3.375, 4.0]
-- RUN: --entry perRow
-- INPUT: empty([0,3]f64)
-- EXPECT: empty([0]f64)
-- RUN: --entry perRow
-- INPUT: empty([2,0]f64)
-- EXPECT: [0.0, 0.0]
-- RUN: --entry perRowScan
-- INPUT: [[1.0, 2.0, 3.0], [0.5, -1.0, 2.0], [4.0, 0.0, -0.5]]
-- EXPECT: [[1.0, 2.0, 3.0], [0.5, 0.5, 2.0], [4.0, 4.0, 4.0]]
-- RUN: --entry perColumn
-- INPUT: [[1.0, 2.0, 3.0], [0.5, -1.0, 2.0], [4.0, 0.0, -0.5]]
-- INPUT: [0.5, -1.0, 2.0]
-- EXPECT: [4.5, 3.0, 15.5]
-- RUN: --entry smooth
-- INPUT: [1.0, 0.0, 0.0, 2.0]
-- INPUT: [0.5, 0.25]
-- EXPECT: [0.375, 0.25, 1.125, 1.25]
-- RUN: --entry smooth
-- INPUT: [1.0, 0.0, 0.0, 2.0]
-- INPUT: empty([0]f64)
-- EXPECT: [1.0, 0.0, 0.0, 2.0]
-- RUN: --entry powers
-- INPUT: 1.5
-- EXPECT: 13.3125
-- RUN: --entry iterateSize
-- INPUT: [1.5, -2.0, 0.25, 3.0]
-- EXPECT: 10.25
-- RUN: --entry iterateSize
-- INPUT: empty([0]f64)
-- EXPECT: 0.0
