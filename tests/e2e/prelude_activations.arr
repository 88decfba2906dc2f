-- Prelude relu, square and norm at f64, f32 and i64, on scalars and arrays.
entry relus(a: [n]f64, k: [n]i64): ([n]f64, [n]i64) = (relu(a), relu(k))

entry reluScalar(x: f32): f32 = relu(x)

entry squares(a: [n, m]f64, k: i64): ([n, m]f64, i64) = (square(a), square(k))

entry norms(a: [n]f64): f64 = norm(a)

entry norm32(a: [n]f32): f32 = norm(a)

-- RUN: --entry relus
-- INPUT: [-1.5, 0.0, 2.0] [-3, 4, 0]
-- EXPECT: [0.0, 0.0, 2.0]
-- EXPECT: [0, 4, 0]
-- RUN: --entry reluScalar
-- INPUT: -0.5
-- EXPECT: 0.0
-- RUN: --entry reluScalar
-- INPUT: 0.1
-- EXPECT: 0.1
-- RUN: --entry squares
-- INPUT: [[1.5, -2.0], [0.0, 3.0]] -7
-- EXPECT: [[2.25, 4.0], [0.0, 9.0]]
-- EXPECT: 49
-- RUN: --entry norms
-- INPUT: [3.0, 4.0]
-- EXPECT: 5.0
-- RUN: --entry norms
-- INPUT: [1.0, 1.0]
-- EXPECT: 1.4142135623730951
-- RUN: --entry norms
-- INPUT: empty([0]f64)
-- EXPECT: 0.0
-- RUN: --entry norm32
-- INPUT: [1.0, -2.0, 3.0]
-- EXPECT: 3.7416575
