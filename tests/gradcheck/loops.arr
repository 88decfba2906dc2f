-- Derivatives through sequential loops (LANGUAGE.md §8): with respect to the initial
-- state, the elements and the captured variables, through fold, scan and mapAccum,
-- tuple and array states, nested loops, loops in builds and builds in loops. Reverse
-- mode keeps each step's state and runs the step's vjp backwards; forward mode carries
-- the state's tangent through the step's jvp.
-- RANGE: -1.0 1.0

-- A scalar recurrence: all three kinds of operand at once.
def recurrence(init: f64, xs: [n]f64, w: f64): f64 = fold(\a x -> a * w + sin(x * a), init, xs)
entry lossRecurrence(init: f64, xs: [n]f64, w: f64): f64 = recurrence(init, xs, w)
entry dRecurrence(init: f64, xs: [n]f64, w: f64) = grad(recurrence)(init, xs, w)
entry vjpRecurrence(init: f64, xs: [n]f64, w: f64, ct: f64) = vjp(recurrence)(init, xs, w, ct)
entry jvpRecurrence(init: f64, xs: [n]f64, w: f64, ti: f64, tx: [n]f64, tw: f64) =
  jvp(recurrence)(init, xs, w, ti, tx, tw)
-- CHECK-GRAD: lossRecurrence dRecurrence [] [5] []
-- CHECK-VJP-JVP: lossRecurrence vjpRecurrence jvpRecurrence [] [5] []

-- The stacked states of scan, weighted, and a mapAccum whose outputs and final state
-- both reach the loss.
def scanned(xs: [n]f64, w: [n]f64): f64 = sum(scan(\a x -> tanh(a + x), 0.5, xs) * w)
entry lossScanned(xs: [n]f64, w: [n]f64): f64 = scanned(xs, w)
entry dScanned(xs: [n]f64, w: [n]f64) = grad(scanned)(xs, w)
def accumulated(xs: [n]f64, c: f64): f64 =
  let (last, ys) = mapAccum(\a x -> (a * x + c, exp(a) * x), 1.0, xs) in last * 2.0 + sum(ys)
entry lossAccumulated(xs: [n]f64, c: f64): f64 = accumulated(xs, c)
entry dAccumulated(xs: [n]f64, c: f64) = grad(accumulated)(xs, c)
-- CHECK-GRAD: lossScanned dScanned [5] [5]
-- CHECK-GRAD: lossAccumulated dAccumulated [4] []

-- A tuple state with an integer component (no cotangent) and an array state.
def tupled(xs: [n]f64, w: f64): f64 =
  let s = fold(\s x -> (s.0 * w + x * s.1, s.1 + x, s.2 + 1), (0.0, 1.0, 0), xs) in s.0 + s.1 * f64(s.2)
entry lossTupled(xs: [n]f64, w: f64): f64 = tupled(xs, w)
entry dTupled(xs: [n]f64, w: f64) = grad(tupled)(xs, w)
def arrayState(m: [n, k]f64, v: [k]f64): f64 =
  sum(fold(\acc row -> acc * row + sin(acc) * v, v, m))
entry lossArrayState(m: [n, k]f64, v: [k]f64): f64 = arrayState(m, v)
entry dArrayState(m: [n, k]f64, v: [k]f64) = grad(arrayState)(m, v)
entry vjpArrayState(m: [n, k]f64, v: [k]f64, ct: f64) = vjp(arrayState)(m, v, ct)
entry jvpArrayState(m: [n, k]f64, v: [k]f64, tm: [n, k]f64, tv: [k]f64) = jvp(arrayState)(m, v, tm, tv)
-- CHECK-GRAD: lossTupled dTupled [4] []
-- CHECK-GRAD: lossArrayState dArrayState [3,3] [3]
-- CHECK-VJP-JVP: lossArrayState vjpArrayState jvpArrayState [3,3] [3]

-- A loop inside a loop's step, and a matrix-vector product in each step (a small RNN).
def nested(m: [n, k]f64, w: f64): f64 = fold(\a row -> a + fold(\b x -> b * w + x * a, 0.1, row), 0.2, m)
entry lossNested(m: [n, k]f64, w: f64): f64 = nested(m, w)
entry dNested(m: [n, k]f64, w: f64) = grad(nested)(m, w)
def rnn(ws: [h, h]f64, xs: [t, h]f64, h0: [h]f64): f64 =
  sum(fold(\state x -> tanh(matvec(ws, state) + x), h0, xs))
entry lossRnn(ws: [h, h]f64, xs: [t, h]f64, h0: [h]f64): f64 = rnn(ws, xs, h0)
entry dRnn(ws: [h, h]f64, xs: [t, h]f64, h0: [h]f64) = grad(rnn)(ws, xs, h0)
-- CHECK-GRAD: lossNested dNested [2,3] []
-- CHECK-GRAD: lossRnn dRnn [2,2] [3,2] [2]

-- Loops inside a build (one per element, in lock-step after the BOT) and a build in a
-- step, both differentiated.
def perRow(m: [n, k]f64, w: f64): f64 = sum(build([n], \i -> fold(\a x -> a * w + x * x, f64(i), m[i])))
entry lossPerRow(m: [n, k]f64, w: f64): f64 = perRow(m, w)
entry dPerRow(m: [n, k]f64, w: f64) = grad(perRow)(m, w)
def diffusion(u: [n]f64, steps: [t]f64): f64 =
  sum(fold(\v s -> build([n], \i -> v[i] + s * (v[(i + 1) % n] - v[i]) * v[i]), u, steps))
entry lossDiffusion(u: [n]f64, steps: [t]f64): f64 = diffusion(u, steps)
entry dDiffusion(u: [n]f64, steps: [t]f64) = grad(diffusion)(u, steps)
-- CHECK-GRAD: lossPerRow dPerRow [3,2] []
-- CHECK-GRAD: lossDiffusion dDiffusion [4] [3]

-- No steps at all: the gradient with respect to the initial state is one, and zero for
-- the (empty) elements and the captured value.
-- CHECK-GRAD: lossRecurrence dRecurrence [] [0] []

-- A grad inside a loop's step (not nested differentiation): Newton's method for sqrt.
entry newton(x0: f64, targets: [t]f64): f64 =
  fold(\x y -> x - (x * x - y) / grad(\z -> z * z - y)(x), x0, targets)
-- CHECK-OUTPUT: newton
-- INPUT: 1.0
-- INPUT: [2.0, 2.0, 2.0, 2.0, 2.0]
-- EXPECT: 1.4142135623730951
