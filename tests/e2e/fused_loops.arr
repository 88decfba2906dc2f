-- Sibling loops fused (loops/Fuse.cpp): results that share a costly value, a
-- consumer reading the stored value at its own index, one that reads it an element
-- further (left apart: a dependence between iterations), independent results, and
-- the cell of an LSTM in a sequential loop, whose state and output both need the
-- gates (its gradient: tests/gradcheck/fused_cells.arr). Exactly the interpreter's
-- results natively with --strict-fp, within reassociation by default.
entry sharedConsumer(x: [n]f64): ([n]f64, [n]f64) =
  let e = exp(x) in (e + 1.0, build([n], \i -> exp(x[i]) * e[i]))
entry shifted(x: [n]f64): ([n]f64, [n]f64) =
  let e = exp(x) in (e + 1.0, build([n], \i -> exp(x[i]) * e[(i + 1) % n]))
entry independent(x: [n]f64, y: [n]f64): ([n]f64, [n]f64) = (x * 2.0, y + 1.0)
def cell(w: [n]f64, state: ([n]f64, [n]f64), input: [n]f64): ([n]f64, [n]f64) =
  let gate = sigmoid(input * w + state.0)
  let c = state.1 * gate + tanh(input - state.0)
  in (gate * tanh(c), c)
entry cells(w: [n]f64, inputs: [k, n]f64): ([n]f64, [n]f64) =
  fold(\s input -> cell(w, s, input), (replicate(n, 0.0), replicate(n, 0.5)), inputs)


-- RUN: --entry sharedConsumer
-- INPUT: [0.5, -1.0, 2.0]
-- EXPECT: [2.648721270700128, 1.3678794411714423, 8.38905609893065]
-- EXPECT: [2.7182818284590455, 0.1353352832366127, 54.59815003314424]
-- RUN: --entry shifted
-- INPUT: [0.5, -1.0, 2.0]
-- EXPECT: [2.648721270700128, 1.3678794411714423, 8.38905609893065]
-- EXPECT: [0.6065306597126334, 2.7182818284590455, 12.182493960703473]
-- RUN: --entry sharedConsumer
-- INPUT: empty([0]f64)
-- EXPECT: empty([0]f64)
-- EXPECT: empty([0]f64)
-- RUN: --entry independent
-- INPUT: [1.0, 2.0] [3.0, -4.0]
-- EXPECT: [2.0, 4.0]
-- EXPECT: [4.0, -3.0]
-- RUN: --entry cells
-- INPUT: [0.5, -1.5, 2.0] [[1.0, 0.25, -0.5], [0.0, 2.0, 1.0], [-1.0, 0.5, 0.75]]
-- EXPECT: [-0.25300112700502914, 0.20965234296685586, 0.5643912341015557]
-- EXPECT: [-0.7247869746994078, 0.7502160602361265, 0.7718922250547084]
