-- Loops differentiated inside a loop's step keep the values their steps' reverse reads
-- (passes/ad/Forward.h): in a reverse sweep, an inner loop's primal stacks them beside
-- its states and its own reverse sweep reads them back instead of running its steps
-- again. Views (rows, replicates, gathers) and discrete values (indices, conditions,
-- argmax) are recomputed from the step's inputs, every other value is kept. Each case
-- puts one of them in an inner loop's step; the last ones differentiate the kept values
-- again (a grad written in a loop body, then differentiated; Hessians of nested loops).
-- RANGE: -1.0 1.0

-- A two-component state of arrays, tanh and sigmoid, rows of a literal as elements and
-- the outer loop's element captured.
def cells(w: [n]f64, xs: [k, n]f64): f64 =
  let s = fold(\s x ->
      fold(\t layer -> (tanh(t.0 * layer + t.1), sigmoid(t.1 * t.0 - layer * x)), s, [x, w * x, w]),
    (replicate(n, 0.1), w), xs)
  in sum(s.0 * s.1)
entry lossCells(w: [n]f64, xs: [k, n]f64): f64 = cells(w, xs)
entry dCells(w: [n]f64, xs: [k, n]f64) = grad(cells)(w, xs)
entry vjpCells(w: [n]f64, xs: [k, n]f64, ct: f64) = vjp(cells)(w, xs, ct)
entry jvpCells(w: [n]f64, xs: [k, n]f64, tw: [n]f64, tx: [k, n]f64) = jvp(cells)(w, xs, tw, tx)
-- CHECK-GRAD: lossCells dCells [3] [2,3]
-- CHECK-VJP-JVP: lossCells vjpCells jvpCells [3] [2,3]

-- Conditions and computed indices in the inner step: a branch on the state, reads at
-- an element index and at an index computed from it.
def branches(x: [n]f64, c: f64): f64 =
  fold(\a e ->
      fold(\b j -> if b > c then b * x[j] + e else sin(b + x[(j + 1) % n]) * e, a, iota(n)),
    0.3, x)
entry lossBranches(x: [n]f64, c: f64): f64 = branches(x, c)
entry dBranches(x: [n]f64, c: f64) = grad(branches)(x, c)
-- CHECK-GRAD: lossBranches dBranches [4] []

-- The maximum of an array in the inner step (its argmax is recomputed) and a gather
-- whose index is data.
def peaks(x: [n]f64, w: [n]f64): f64 =
  fold(\a e -> fold(\b v -> b * w * 0.5 + v + maximum(b * v) * 0.3 + b[i64(e * e * 2.0) % n] * e,
                     a, [x, w]),
    x, x)[0]
entry lossPeaks(x: [n]f64, w: [n]f64): f64 = peaks(x, w)
entry dPeaks(x: [n]f64, w: [n]f64) = grad(peaks)(x, w)
-- CHECK-GRAD: lossPeaks dPeaks [3] [3]

-- Three levels, and an inner scan and mapAccum whose outputs reach the step's result.
def deep(x: [n]f64): f64 =
  fold(\a e -> fold(\b f -> fold(\c g -> cos(c * g + f), b, x), a * e, x), 0.3, x)
entry lossDeep(x: [n]f64): f64 = deep(x)
entry dDeep(x: [n]f64) = grad(deep)(x)
def outputs(x: [n]f64, w: [m]f64): f64 =
  fold(\a e ->
      let (last, ys) = mapAccum(\b y -> (b * y + e, exp(b * y)), a, w)
      in sum(scan(\b y -> b * tanh(y), last, ys)) * 0.25,
    0.1, x)
entry lossOutputs(x: [n]f64, w: [m]f64): f64 = outputs(x, w)
entry dOutputs(x: [n]f64, w: [m]f64) = grad(outputs)(x, w)
-- An inner loop whose own loop has an integer state: the states it starts each step
-- from, i64 ones included, are kept for the sweep of the loop around it.
def counted(x: [n]f64): f64 =
  fold(\a e -> fold(\b f -> (fold(\s g -> (s.0 * g + f * f64(s.1), s.1 + 1), (b, 0), x)).0 * 0.5,
                   a + e, x),
    0.2, x)
entry lossCounted(x: [n]f64): f64 = counted(x)
entry dCounted(x: [n]f64) = grad(counted)(x)
-- CHECK-GRAD: lossDeep dDeep [3]
-- CHECK-GRAD: lossCounted dCounted [3]
-- CHECK-GRAD: lossOutputs dOutputs [3] [3]

-- Inner loops per element of a build in the step (in lock-step after the BOT), and an
-- inner loop with no steps.
def perElement(x: [n]f64, w: [m]f64): f64 =
  fold(\a e -> sum(map(\v -> fold(\b y -> tanh(b * v + y), a, x), w)) * e, 0.2, x)
entry lossPerElement(x: [n]f64, w: [m]f64): f64 = perElement(x, w)
entry dPerElement(x: [n]f64, w: [m]f64) = grad(perElement)(x, w)
def empty(x: [n]f64, z: [k]f64): f64 = fold(\a e -> fold(\b y -> sin(b * y), a * e, z) + e, 0.5, x)
entry lossEmpty(x: [n]f64, z: [k]f64): f64 = empty(x, z)
entry dEmpty(x: [n]f64, z: [k]f64) = grad(empty)(x, z)
-- CHECK-GRAD: lossPerElement dPerElement [3] [2]
-- CHECK-GRAD: lossEmpty dEmpty [3] [0]
-- CHECK-GRAD: lossEmpty dEmpty [3] [2]

-- A grad written in a loop's step keeps its loop's intermediate values; differentiating
-- the whole loop then differentiates that kept code again.
def newtonLike(x: [n]f64, w: f64): f64 =
  fold(\a e -> a + grad(\y -> fold(\b z -> sin(b * z) * w, y, x))(e) * a, 0.4, x)
entry lossNewtonLike(x: [n]f64, w: f64): f64 = newtonLike(x, w)
entry dNewtonLike(x: [n]f64, w: f64) = grad(newtonLike)(x, w)
-- CHECK-GRAD: lossNewtonLike dNewtonLike [3] []

-- Two grads of a function with a loop in one step: each inner loop keeps its own values,
-- and the outer reverse sweep differentiates both.
def h(y: f64, x: [n]f64): f64 = fold(\b z -> sin(b * z) + b, y, x)
def twice(x: [n]f64): f64 =
  fold(\a e -> a * 0.5 + grad(\y -> h(y, x))(e) * grad(\y -> h(y, x))(a), 0.4, x)
entry lossTwice(x: [n]f64): f64 = twice(x)
entry dTwice(x: [n]f64) = grad(twice)(x)
-- CHECK-GRAD: lossTwice dTwice [3]

-- Second order through nested loops: the first grad's reverse sweep reads kept values,
-- which the outer differentiation differentiates.
def twoLevels(x: [n]f64): f64 = fold(\a e -> fold(\b f -> sin(b * f) + e * b, a, x), 0.3, x)
entry g_twoLevels(x: [n]f64) = grad(twoLevels)(x)
entry vjp_twoLevels(x: [n]f64, w: [n]f64) = vjp(\y -> grad(twoLevels)(y))(x, w)
entry jvp_twoLevels(x: [n]f64, v: [n]f64) = jvp(\y -> grad(twoLevels)(y))(x, v)
entry hv_twoLevels(x: [n]f64, v: [n]f64) = hvp(twoLevels, x, v)
entry hm_twoLevels(x: [n]f64, v: [n]f64) = matvec(hessian(twoLevels, x), v)
entry h_twoLevels(x: [n]f64) = hessian(twoLevels, x)
entry ht_twoLevels(x: [n]f64) = transpose(hessian(twoLevels, x))
-- CHECK-VJP-JVP: g_twoLevels vjp_twoLevels jvp_twoLevels [3]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_twoLevels hm_twoLevels [3] [3]
-- CHECK-EQUAL: h_twoLevels ht_twoLevels [3]
