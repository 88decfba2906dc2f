-- Functions taking and returning tuples, tuples containing arrays of different
-- sizes, generic functions over tuples, and tuples flowing through if and map.
def swap<A, B>(p: (A, B)): (B, A) = (p.1, p.0)

def minmax(a: [n]f64): (f64, f64) = (minimum(a), maximum(a))

def split(a: [n]i64, b: [m]i64): ([n]i64, ([m]i64, i64)) = (a * 2, (b + 1, n + m))

entry swapped(p: (f64, [n]i64)): ([n]i64, f64) = swap(p)

entry ranges(a: [n]f64, b: [m]f64): (f64, f64, f64, f64) =
  let (alo, ahi) = minmax(a)
  let (blo, bhi) = minmax(b)
  in (min(alo, blo), max(ahi, bhi), ahi - alo, bhi - blo)

entry nested(a: [n]i64, b: [m]i64): ([n]i64, [m]i64, i64) =
  let (x, (y, k)) = split(a, b)
  in (x, y, k)

entry choose(c: bool, p: (f64, i64), q: (f64, i64)): (f64, i64) = if c then p else q

entry mapPairs(a: [n]f64): [n](f64, f64) = map(\x -> (x, -x), a)

-- RUN: --entry swapped
-- INPUT: 2.5 [1, 2]
-- EXPECT: [1, 2]
-- EXPECT: 2.5
-- RUN: --entry ranges
-- INPUT: [3.0, -1.0] [0.5, 7.0, 2.0]
-- EXPECT: -1.0
-- EXPECT: 7.0
-- EXPECT: 4.0
-- EXPECT: 6.5
-- RUN: --entry nested
-- INPUT: [1, 2] [5]
-- EXPECT: [2, 4]
-- EXPECT: [6]
-- EXPECT: 3
-- RUN: --entry choose
-- INPUT: true 1.5 1 2.5 2
-- EXPECT: 1.5
-- EXPECT: 1
-- RUN: --entry choose
-- INPUT: false 1.5 1 2.5 2
-- EXPECT: 2.5
-- EXPECT: 2
-- RUN: --entry mapPairs
-- INPUT: [1.0, -2.0]
-- EXPECT: [1.0, -2.0]
-- EXPECT: [-1.0, 2.0]
