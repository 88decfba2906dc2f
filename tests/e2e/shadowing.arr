-- User definitions shadow prelude names (sum, relu); other prelude functions
-- keep working; let bindings shadow parameters and earlier bindings.
def sum(x: [n]f64): f64 = 100.0 + sumOuter(x)

def relu(x: f64): f64 = if x > 1.0 then x else 1.0

entry mySum(a: [n]f64): f64 = sum(a)

entry myRelu(a: [n]f64): [n]f64 = map(relu, a)

entry preludeStill(a: [n]f64): f64 = mean(a) + maximum(a)

entry lets(x: f64): f64 =
  let x = x + 1.0
  let x = x * x
  let y = x
  let x = 0.5
  in x + y

-- RUN: --entry mySum
-- INPUT: [1.0, 2.0]
-- EXPECT: 103.0
-- RUN: --entry myRelu
-- INPUT: [0.5, 2.0, -3.0]
-- EXPECT: [1.0, 2.0, 1.0]
-- RUN: --entry preludeStill
-- INPUT: [1.0, 2.0, 6.0]
-- EXPECT: 9.0
-- RUN: --entry lets
-- INPUT: 2.0
-- EXPECT: 9.5
