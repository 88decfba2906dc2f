-- Prelude logSumExp, softmax and sigmoid (with tolerance), including the shifted
-- forms that must not overflow, infinite and empty inputs.
entry lse(a: [n]f64): f64 = logSumExp(a)

entry sm(a: [n]f64): [n]f64 = softmax(a)

entry sm32(a: [n]f32): [n]f32 = softmax(a)

entry sig(a: [n]f64): [n]f64 = sigmoid(a)

entry sigScalar(x: f32): f32 = sigmoid(x)

-- RUN: --entry lse
-- INPUT: [1.0, 2.0, 3.0]
-- APPROX: 1e-12
-- EXPECT: 3.4076059644443806
-- RUN: --entry lse
-- INPUT: [0.0, 0.0]
-- APPROX: 1e-12
-- EXPECT: 0.6931471805599453
-- RUN: --entry lse
-- INPUT: [1000.0, 1000.0]
-- APPROX: 1e-12
-- EXPECT: 1000.6931471805599
-- RUN: --entry lse
-- INPUT: [-1000.0]
-- EXPECT: -1000.0
-- RUN: --entry lse
-- INPUT: [-inf, -inf]
-- EXPECT: -inf
-- RUN: --entry lse
-- INPUT: [1.0, inf]
-- EXPECT: inf
-- RUN: --entry sm
-- INPUT: [1.0, 2.0, 3.0]
-- APPROX: 1e-12
-- EXPECT: [0.09003057317038043, 0.24472847105479767, 0.6652409557748218]
-- RUN: --entry sm
-- INPUT: [-1.0, 0.0, 1000.0, 999.0]
-- APPROX: 1e-12
-- EXPECT: [0.0, 0.0, 0.7310585786300049, 0.26894142136999516]
-- RUN: --entry sm
-- INPUT: [7.5, 7.5, 7.5, 7.5]
-- EXPECT: [0.25, 0.25, 0.25, 0.25]
-- RUN: --entry sm
-- INPUT: empty([0]f64)
-- EXPECT: empty([0]f64)
-- RUN: --entry sm32
-- INPUT: [1.0, 2.0, 3.0]
-- APPROX: 1e-6
-- EXPECT: [0.09003057, 0.24472846, 0.66524094]
-- RUN: --entry sig
-- INPUT: [-1.0, 0.0, 2.0, 40.0, -800.0]
-- APPROX: 1e-12
-- EXPECT: [0.2689414213699951, 0.5, 0.8807970779778825, 1.0, 0.0]
-- RUN: --entry sigScalar
-- INPUT: 0.0
-- EXPECT: 0.5
