-- Work that an inner loop repeats for every iteration of an outer one although
-- it does not depend on it (exp(w[j]) below, for every i): native code computes
-- it once into an array before the outer loop. Results must not change,
-- including for empty sizes and when the work sits behind a let.
entry weighted(x: [n]f64, w: [k]f64): [n]f64 =
  build([n], \i -> sum(build([k], \j -> exp(w[j]) * x[i])))

entry rows(x: [n]f64, w: [k, d]f64): [n]f64 =
  build([n], \i -> sum(build([k], \j -> let e = map(exp, w[j]) in sum(e) * x[i])))

-- RUN: --entry weighted
-- INPUT: [1.0, 2.0] [0.0, 1.0]
-- EXPECT: [3.718281828459045, 7.43656365691809]
-- RUN: --entry weighted
-- INPUT: [1.0, 2.0] empty([0]f64)
-- EXPECT: [0.0, 0.0]
-- RUN: --entry weighted
-- INPUT: empty([0]f64) [1.0]
-- EXPECT: empty([0]f64)
-- RUN: --entry rows
-- INPUT: [1.0, -1.0] [[0.0, 0.0], [1.0, 0.0]]
-- EXPECT: [5.718281828459045, -5.718281828459045]
