-- IEEE 754 results: nan, inf and -inf from log, division, sqrt, overflow; nan
-- compares unequal; special values read from the input.
entry special(): (f64, f64, f64, f64, f64, f64) =
  (log(-1.0), 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0, sqrt(-1.0), log(0.0))

entry ops(x: f64): (f64, f64, f64, f64) = (x - x, x * 0.0, 1.0 / x, -x)

entry overflow(x: f64): (f64, f64, f64) = (exp(x), exp(-x), x * 1e308)

entry narrow(x: f64): f32 = f32(x) * f32(2.0)

entry compare(x: f64, y: f64): (bool, bool, bool, bool) = (x == y, x != y, x < y, x >= y)

entry negZero(): (f64, f64, f64) = (-0.0, 1.0 / -0.0, 0.0 * -1.0)

entry passThrough(a: [n]f64): [n]f64 = a

-- RUN: --entry special
-- EXPECT: nan
-- EXPECT: inf
-- EXPECT: -inf
-- EXPECT: nan
-- EXPECT: nan
-- EXPECT: -inf
-- RUN: --entry ops
-- INPUT: inf
-- EXPECT: nan
-- EXPECT: nan
-- EXPECT: 0.0
-- EXPECT: -inf
-- RUN: --entry ops
-- INPUT: nan
-- EXPECT: nan
-- EXPECT: nan
-- EXPECT: nan
-- EXPECT: nan
-- RUN: --entry ops
-- INPUT: 0.0
-- EXPECT: 0.0
-- EXPECT: 0.0
-- EXPECT: inf
-- EXPECT: -0.0
-- RUN: --entry overflow
-- INPUT: 1000.0
-- EXPECT: inf
-- EXPECT: 0.0
-- EXPECT: inf
-- RUN: --entry narrow
-- INPUT: 3e38
-- EXPECT: inf
-- RUN: --entry compare
-- INPUT: nan nan
-- EXPECT: false
-- EXPECT: true
-- EXPECT: false
-- EXPECT: false
-- RUN: --entry compare
-- INPUT: -inf inf
-- EXPECT: false
-- EXPECT: true
-- EXPECT: true
-- EXPECT: false
-- RUN: --entry negZero
-- EXPECT: -0.0
-- EXPECT: -inf
-- EXPECT: -0.0
-- RUN: --entry passThrough
-- INPUT: [nan, inf, -inf, -0.0, 5e-324, 1.7976931348623157e+308]
-- EXPECT: [nan, inf, -inf, -0.0, 5e-324, 1.7976931348623157e+308]
