-- Mean, variance, standard deviation and standardisation written with the prelude.
def variance(x: [n]f64): f64 = mean((x - mean(x)) ** 2.0)

entry moments(x: [n]f64): (f64, f64, f64) = (mean(x), variance(x), sqrt(variance(x)))

entry standardise(x: [n]f64): [n]f64 = (x - mean(x)) / sqrt(variance(x))

-- Column means of a data matrix.
entry columnMeans(x: [n, d]f64): [d]f64 = sumOuter(x) / f64(n)

-- RUN: --entry moments
-- INPUT: [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]
-- EXPECT: 5.0
-- EXPECT: 4.0
-- EXPECT: 2.0
-- RUN: --entry standardise
-- INPUT: [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]
-- EXPECT: [-1.5, -0.5, -0.5, -0.5, 0.0, 0.0, 1.0, 2.0]
-- RUN: --entry standardise
-- INPUT: [1.0, 2.0, 3.0]
-- APPROX: 1e-12
-- EXPECT: [-1.224744871391589, 0.0, 1.224744871391589]
-- RUN: --entry columnMeans
-- INPUT: [[1.0, 10.0], [2.0, 20.0], [6.0, 0.0]]
-- EXPECT: [3.0, 10.0]
-- RUN: --entry columnMeans
-- INPUT: empty([0,2]f64)
-- EXPECT: [nan, nan]
