-- Tuple results print one value per line, nested tuples flattened depth-first;
-- tuple parameters read their components as consecutive values; projections.
entry flat(): (i64, f64, bool) = (1, 2.5, false)

entry nested(): ((i64, (f64, bool)), [2]i64, f32) = ((1, (2.0, true)), [3, 4], f32(0.5))

entry swap(p: (f64, i64)): (i64, f64) = (p.1, p.0)

entry deep(p: ((i64, f64), bool), q: [n]f64): (f64, i64, bool, [n]f64) =
  (p.0.1, p.0.0, !p.1, q * p.0.1)

entry arrays(p: ([n]f64, [m]i64)): ([m]i64, [n]f64) = (p.1, p.0)

def divmod(a: i64, b: i64): (i64, i64) = (a / b, a % b)

entry viaFunction(a: i64, b: i64): (i64, i64, i64) =
  let r = divmod(a, b)
  in (r.0, r.1, r.0 * b + r.1)

-- RUN: --entry flat
-- EXPECT: 1
-- EXPECT: 2.5
-- EXPECT: false
-- RUN: --entry nested
-- EXPECT: 1
-- EXPECT: 2.0
-- EXPECT: true
-- EXPECT: [3, 4]
-- EXPECT: 0.5
-- RUN: --entry swap
-- INPUT: 1.5
-- INPUT: 7
-- EXPECT: 7
-- EXPECT: 1.5
-- RUN: --entry swap
-- INPUT: 7 1.5
-- EXPECT-ERROR: parameter 'p.1'
-- RUN: --entry deep
-- INPUT: 3 -0.5 true [2.0, 4.0]
-- EXPECT: -0.5
-- EXPECT: 3
-- EXPECT: false
-- EXPECT: [-1.0, -2.0]
-- RUN: --entry arrays
-- INPUT: [1.0, 2.0] [5, 6, 7]
-- EXPECT: [5, 6, 7]
-- EXPECT: [1.0, 2.0]
-- RUN: --entry arrays
-- INPUT: [1.0, 2.0]
-- EXPECT-ERROR: parameter 'p
-- RUN: --entry viaFunction
-- INPUT: -7 2
-- EXPECT: -4
-- EXPECT: 1
-- EXPECT: -7
