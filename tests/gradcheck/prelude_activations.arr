-- Prelude activations applied with map: sigmoid, relu, square, and map2/zipWith
-- with lambdas and top-level functions.
def act(a: [n]f64): f64 = sum(map(sigmoid, a) * a) + sum(map(relu, a) * 3.0) + sum(map(square, a))
entry loss(a: [n]f64): f64 = act(a)
entry dloss(a: [n]f64) = grad(act)(a)

def pairs(a: [n]f64, b: [n]f64): f64 =
  sum(map2(\x y -> x * sigmoid(y), a, b)) + sum(zipWith(max, a, b)) + sum(map(\x -> relu(x - 0.3) * x, b))
entry lossPairs(a: [n]f64, b: [n]f64): f64 = pairs(a, b)
entry dlossPairs(a: [n]f64, b: [n]f64) = grad(pairs)(a, b)

def direct(a: [n]f64): f64 = sum(sigmoid(a) * relu(a) + square(sigmoid(a)))
entry lossDirect(a: [n]f64): f64 = direct(a)
entry dlossDirect(a: [n]f64) = grad(direct)(a)

def scalarS(x: f64): f64 = sigmoid(x) * relu(x * 3.0 - 1.0)
entry lossScalar(x: f64): f64 = scalarS(x)
entry dlossScalar(x: f64) = grad(scalarS)(x)

entry primal(a: [n]f64): [n]f64 = map(sigmoid, a)
entry vjpPrimal(a: [n]f64, w: [n]f64) = vjp(\x -> map(sigmoid, x))(a, w)
entry jvpPrimal(a: [n]f64, v: [n]f64) = jvp(\x -> map(sigmoid, x))(a, v)

-- CHECK-GRAD: loss dloss [8]
-- CHECK-GRAD: lossPairs dlossPairs [5] [5]
-- CHECK-GRAD: lossDirect dlossDirect [6]
-- RANGE: -2 2
-- CHECK-GRAD: lossScalar dlossScalar []
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [5]
