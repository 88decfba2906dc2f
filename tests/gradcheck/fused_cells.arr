-- The cell of an LSTM in a sequential loop: the gradient's forward sweep stores the
-- state and the output, which both need the gates, and its reverse sweep recomputes
-- them; loops/Fuse.cpp joins the loops that compute the same gates. With respect to
-- the weights (captured by the loop body) and to the inputs (the loop's elements).
def cell(w: [n]f64, state: ([n]f64, [n]f64), input: [n]f64): ([n]f64, [n]f64) =
  let gate = sigmoid(input * w + state.0)
  let c = state.1 * gate + tanh(input - state.0)
  in (gate * tanh(c), c)
def cells(w: [n]f64, inputs: [k, n]f64): f64 =
  let s = fold(\s input -> cell(w, s, input), (replicate(n, 0.0), replicate(n, 0.5)), inputs)
  in sum(s.0 * s.1)
entry loss(w: [n]f64, inputs: [k, n]f64): f64 = cells(w, inputs)
entry dloss(w: [n]f64, inputs: [k, n]f64) = grad(cells)(w, inputs)

-- CHECK-GRAD: loss dloss [3] [4,3]
