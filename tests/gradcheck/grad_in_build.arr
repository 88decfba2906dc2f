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
