-- if inside build selects per element: the derivative follows the selected
-- branch (both branches are evaluated). Conditions on the input itself, on
-- another input, on the index, and nested conditions; plus scalar if outside a
-- build.
def relu2(a: [n]f64): f64 = sum(build([n], \i -> if a[i] > 0.0 then a[i] * a[i] else -0.5 * a[i]))
entry loss(a: [n]f64): f64 = relu2(a)
entry dloss(a: [n]f64) = grad(relu2)(a)

def byOther(a: [n]f64, b: [n]f64): f64 = sum(build([n], \i -> if b[i] < 0.0 then exp(a[i]) * b[i] else sin(a[i]) + b[i] * b[i]))
entry lossOther(a: [n]f64, b: [n]f64): f64 = byOther(a, b)
entry dlossOther(a: [n]f64, b: [n]f64) = grad(byOther)(a, b)

def nested(a: [n]f64): f64 =
  sum(build([n], \i ->
    if a[i] > 0.5 then a[i] ** 3.0
    else if a[i] > -0.5 then (if i % 2 == 0 then 2.0 * a[i] else a[i] * a[i]) else exp(a[i])))
entry lossNested(a: [n]f64): f64 = nested(a)
entry dlossNested(a: [n]f64) = grad(nested)(a)

def scalarIf(x: f64, y: f64): f64 = if x > y then x * y * y else x + y * 3.0
entry lossScalar(x: f64, y: f64): f64 = scalarIf(x, y)
entry dlossScalar(x: f64, y: f64) = grad(scalarIf)(x, y)

def arrays(a: [n]f64, s: f64): f64 = sum(if s > 0.0 then a * s else a * a)
entry lossArrays(a: [n]f64, s: f64): f64 = arrays(a, s)
entry dlossArrays(a: [n]f64, s: f64) = grad(arrays)(a, s)

def logicalOps(a: [n]f64, b: [n]f64): f64 =
  sum(build([n], \i -> if a[i] > 0.0 && b[i] > 0.0 || a[i] < -0.5 then a[i] * b[i] else a[i] - b[i]))
entry lossLogical(a: [n]f64, b: [n]f64): f64 = logicalOps(a, b)
entry dlossLogical(a: [n]f64, b: [n]f64) = grad(logicalOps)(a, b)

entry primal(a: [n]f64): [n]f64 = build([n], \i -> if a[i] > 0.0 then a[i] * a[i] else 3.0 * a[i])
entry vjpPrimal(a: [n]f64, w: [n]f64) = vjp(\x -> build([n], \i -> if x[i] > 0.0 then x[i] * x[i] else 3.0 * x[i]))(a, w)
entry jvpPrimal(a: [n]f64, v: [n]f64) = jvp(\x -> build([n], \i -> if x[i] > 0.0 then x[i] * x[i] else 3.0 * x[i]))(a, v)

-- CHECK-GRAD: loss dloss [8]
-- CHECK-GRAD: lossOther dlossOther [5] [5]
-- CHECK-GRAD: lossNested dlossNested [8]
-- CHECK-GRAD: lossScalar dlossScalar [] []
-- SEED: 3
-- CHECK-GRAD: lossScalar dlossScalar [] []
-- CHECK-GRAD: lossArrays dlossArrays [4] []
-- SEED: 4
-- CHECK-GRAD: lossArrays dlossArrays [4] []
-- SEED: default
-- CHECK-GRAD: lossLogical dlossLogical [6] [6]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [6]
