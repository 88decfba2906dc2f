-- The ADBench LSTM objective (Srajer, Kukelova, Fitzgibbon, "A benchmark of
-- selected algorithmic differentiation tools", and ADBench's C++ reference
-- lstm_objective in src/cpp/shared/lstm.h), with its gradient. See README.md.
--
-- Parameters (samples/lstm/convert.py writes them from an ADBench .txt file):
--   mainParams  [l,2,4,b]  per layer: the weights, then the biases, of the four
--                          gates forget, input, output and change (ADBench's
--                          main_params, 2l lines of 4b values, unchanged in order)
--   extraParams [3,b]      the input weights, output weights and output biases
--   state       [l,2,b]    per layer: the initial hidden state, then the cell state
--   sequence    [c,b]      the c characters, b bits each
--
-- ADBench's "LSTM" has diagonal weights: every gate of hidden unit i sees only
-- input i or hidden state i. One step predicts the next character from the
-- current one through the l stacked layers; the loss is the mean over the c - 1
-- predictions and b bits of -target * log-softmax(prediction), where ADBench's
-- log-sum-exp adds 2 to the sum of exponentials (kept, to compute ADBench's number).

-- One layer, one step: the new hidden and cell state for this layer's input.
def lstmCell(weight: [4,b]f64, bias: [4,b]f64, hidden: [b]f64, cell: [b]f64,
             input: [b]f64): ([b]f64, [b]f64) =
  let forget = sigmoid(input * weight[0] + bias[0])
  let ingate = sigmoid(hidden * weight[1] + bias[1])
  let outgate = sigmoid(input * weight[2] + bias[2])
  let change = tanh(hidden * weight[3] + bias[3])
  let cell' = cell * forget + ingate * change
  in (outgate * tanh(cell'), cell')

-- One time step through the stacked layers: a loop over the layers whose state is
-- the input of the next layer (the scaled character, then each layer's hidden
-- state). Returns the prediction and every layer's new state.
def predict(mainParams: [l,2,4,b]f64, extraParams: [3,b]f64, state: [l,2,b]f64,
            input: [b]f64): ([b]f64, [l,2,b]f64) =
  let (top, next) = mapAccum(\x layer ->
      let (h, c) = lstmCell(layer.0[0], layer.0[1], layer.1[0], layer.1[1], x)
      in (h, [h, c]),
    input * extraParams[0], (mainParams, state))
  in (top * extraParams[1] + extraParams[2], next)

-- ADBench's logsumexp: log(2 + sum(exp(v))).
def adbenchLogSumExp(v: [b]f64): f64 = log(sumOuter(exp(v)) + 2.0)

def lstmObjective(mainParams: [l,2,4,b]f64, extraParams: [3,b]f64, state: [l,2,b]f64,
                  sequence: [c,b]f64): f64 =
  let (_, totals) = mapAccum(\s pair ->
      let (ypred, s') = predict(mainParams, extraParams, s, pair.0)
      let ynorm = ypred - adbenchLogSumExp(ypred)
      in (s', sumOuter(pair.1 * ynorm)),
    state, (take(c - 1, sequence), drop(1, sequence)))
  in -sumOuter(totals) / f64((c - 1) * b)

entry objective(mainParams: [l,2,4,b]f64, extraParams: [3,b]f64, state: [l,2,b]f64,
                sequence: [c,b]f64): f64 =
  lstmObjective(mainParams, extraParams, state, sequence)

-- Gradient with respect to (mainParams, extraParams), as ADBench's.
entry objective_grad(mainParams: [l,2,4,b]f64, extraParams: [3,b]f64, state: [l,2,b]f64,
                     sequence: [c,b]f64) =
  grad(\mp ep -> lstmObjective(mp, ep, state, sequence))(mainParams, extraParams)
