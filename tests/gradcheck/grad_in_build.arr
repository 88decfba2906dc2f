-- grad applied inside a build (per-example gradients), inside map, and inside
-- an if: not nested differentiation, each grad is its own derivative program.
-- The summed per-example gradients are checked against finite differences of
-- the summed loss, and the per-example ones against the analytic gradient.
def f(w: [d]f64, x: [d]f64): f64 = sum(exp(w * x)) + sum(w * w) * x[0]

entry lossSum(w: [d]f64, xs: [b, d]f64): f64 = sum(build([b], \k -> f(w, xs[k])))
entry dlossSum(w: [d]f64, xs: [b, d]f64) = sumOuter(build([b], \k -> grad(\v -> f(v, xs[k]))(w)))

entry perExample(w: [d]f64, xs: [b, d]f64) = build([b], \k -> grad(\v -> f(v, xs[k]))(w))
entry perExampleExpected(w: [d]f64, xs: [b, d]f64): [b, d]f64 =
  build([b, d], \k j -> xs[k, j] * exp(w[j] * xs[k, j]) + 2.0 * w[j] * xs[k, 0])

entry perExampleX(w: [d]f64, xs: [b, d]f64) = build([b], \k -> grad(\y -> f(w, y))(xs[k]))
entry perExampleXExpected(w: [d]f64, xs: [b, d]f64): [b, d]f64 =
  build([b, d], \k j -> w[j] * exp(w[j] * xs[k, j]) + (if j == 0 then sum(w * w) else 0.0))

entry mapGrad(xs: [b, d]f64) = map(\row -> grad(\v -> sum(v * v * v))(row), xs)
entry mapGradExpected(xs: [b, d]f64): [b, d]f64 = 3.0 * xs * xs

entry condGrad(w: [d]f64, s: f64) = if s > 0.0 then grad(\v -> f(v, v))(w) else w * 0.0
entry condGradExpected(w: [d]f64, s: f64): [d]f64 =
  if s > 0.0 then 2.0 * w * exp(w * w) + 2.0 * w * w[0] + build([d], \j -> if j == 0 then sum(w * w) else 0.0)
  else w * 0.0

-- CHECK-GRAD: lossSum dlossSum [3] ~[3,3]
-- CHECK-EQUAL: perExample perExampleExpected [3] [3,3]
-- CHECK-EQUAL: perExampleX perExampleXExpected [3] [3,3]
-- CHECK-EQUAL: mapGrad mapGradExpected [2,3]
-- CHECK-EQUAL: condGrad condGradExpected [3] []@0.1:1
-- CHECK-EQUAL: condGrad condGradExpected [3] []@-1:-0.1

-- vjp and jvp inside a build: the per-example losses as a function of w (the
-- examples are constant) have the Jacobian whose rows are the per-example
-- gradients. The vjp entry sums per-example vjps weighted by the cotangent; the
-- jvp entry builds the per-example (value, tangent) pairs.
entry perExampleLoss(w: [d]f64, xs: [b, d]f64): [b]f64 = build([b], \k -> f(w, xs[k]))
entry vjpPerExample(w: [d]f64, xs: [b, d]f64, ct: [b]f64) = sumOuter(build([b], \k -> vjp(\v -> f(v, xs[k]))(w, ct[k])))
entry jvpPerExample(w: [d]f64, xs: [b, d]f64, t: [d]f64) = build([b], \k -> jvp(\v -> f(v, xs[k]))(w, t))
-- jvp and vjp inside map, and inside an if.
entry primalMap(xs: [b, d]f64): [b]f64 = map(\row -> sum(row * row * row), xs)
entry vjpMap(xs: [b, d]f64, ct: [b]f64) = build([b], \k -> vjp(\v -> sum(v * v * v))(xs[k], ct[k]))
entry jvpMap(xs: [b, d]f64, t: [b, d]f64) = map2(\row dir -> jvp(\v -> sum(v * v * v))(row, dir), xs, t)
entry primalCond(w: [d]f64, s: f64): f64 = if s > 0.0 then f(w, w) else sum(w)
entry vjpCond(w: [d]f64, s: f64, ct: f64) = if s > 0.0 then vjp(\v -> f(v, v))(w, ct) else w * 0.0 + ct
entry jvpCond(w: [d]f64, s: f64, t: [d]f64) = if s > 0.0 then jvp(\v -> f(v, v))(w, t) else (sum(w), sum(t))

-- CHECK-VJP-JVP: perExampleLoss vjpPerExample jvpPerExample [3] ~[3,3]
-- CHECK-VJP-JVP: primalMap vjpMap jvpMap [2,3]
-- CHECK-VJP-JVP: primalCond vjpCond jvpCond [3] ~[]@0.1:1
-- CHECK-VJP-JVP: primalCond vjpCond jvpCond [3] ~[]@-1:-0.1
