-- User functions: calls between functions, size variables as values inside
-- them, tuple results, constants, declaration order, and functions of no arguments.
def total = 10

entry main(a: [n]f64): (f64, i64) = (normalise(a)[0], lengthPlus(a, total))

-- Used before it is declared.
def normalise(a: [n]f64): [n]f64 = a / sum(a)

def lengthPlus(a: [n]f64, k: i64): i64 = n + k

def minMax(a: [n]i64): (i64, i64) = (minimum(a), maximum(a))

def spread(a: [n]i64): i64 = let (lo, hi) = minMax(a) in hi - lo

def zero(): f64 = 0.0

entry ranges(a: [n, m]i64): [n]i64 = map(spread, a)

entry constantFn(): (f64, i64) = (zero() + 1.0, total * 2)

def outerSizes(a: [n]f64, b: [m]f64): i64 = n * 100 + m

entry sizes(a: [n]f64, b: [m]f64): (i64, i64) = (outerSizes(a, b), outerSizes(b, concat(a, b)))

-- RUN:
-- INPUT: [1.0, 3.0]
-- EXPECT: 0.25
-- EXPECT: 12
-- RUN: --entry ranges
-- INPUT: [[3, 9, -1], [4, 4, 4]]
-- EXPECT: [10, 0]
-- RUN: --entry constantFn
-- EXPECT: 1.0
-- EXPECT: 20
-- RUN: --entry sizes
-- INPUT: [1.0, 2.0] [3.0, 4.0, 5.0]
-- EXPECT: 203
-- EXPECT: 305
