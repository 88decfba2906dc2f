-- Generic prelude functions passed directly to grad, valueAndGrad and vjp (each
-- use instantiates the type parameter), and nested tuple parameters (the
-- gradient is a nested tuple, printed flattened).
entry lossSum(a: [n]f64): f64 = sum(a)
entry dlossSum(a: [n]f64) = grad(sum)(a)
entry lossDot(a: [n]f64, b: [n]f64): f64 = dot(a, b)
entry dlossDot(a: [n]f64, b: [n]f64) = grad(dot)(a, b)
entry lossLse(a: [n]f64): f64 = logSumExp(a)
entry dlossLse(a: [n]f64) = grad(logSumExp)(a)
entry lossNorm(a: [n]f64): f64 = norm(a)
entry dlossNorm(a: [n]f64) = grad(norm)(a)
entry lossMax(a: [n]f64): f64 = maximum(a)
entry vgMax(a: [n]f64) = valueAndGrad(maximum)(a)
entry lossMin(a: [n]f64): f64 = minimum(a)
entry dlossMin(a: [n]f64) = grad(minimum)(a)
entry lossSigmoid(x: f64): f64 = sigmoid(x)
entry dlossSigmoid(x: f64) = grad(sigmoid)(x)
entry lossMean(a: [n]f64): f64 = mean(a)
entry dlossMean(a: [n]f64) = grad(mean)(a)
entry lossSumF32(a: [n]f32): f32 = sum(a)
entry dlossSumF32(a: [n]f32) = grad(sum)(a)

entry primalSoftmax(a: [n]f64): [n]f64 = softmax(a)
entry vjpSoftmax(a: [n]f64, w: [n]f64) = vjp(softmax)(a, w)
entry jvpSoftmax(a: [n]f64, t: [n]f64) = jvp(softmax)(a, t)

def nested(p: ((f64, [n]f64), f64)): f64 = p.0.0 * sum(p.0.1 * p.0.1) * p.1 + p.1 * p.1
entry lossNested(p: ((f64, [n]f64), f64)): f64 = nested(p)
entry dlossNested(p: ((f64, [n]f64), f64)) = grad(nested)(p)

-- CHECK-GRAD: lossSum dlossSum [5]
-- CHECK-GRAD: lossDot dlossDot [4] [4]
-- CHECK-GRAD: lossLse dlossLse [5]
-- CHECK-GRAD: lossNorm dlossNorm [4]
-- CHECK-VG: lossMax vgMax [5]
-- CHECK-GRAD: lossMin dlossMin [5]
-- CHECK-GRAD: lossSigmoid dlossSigmoid []
-- CHECK-GRAD: lossMean dlossMean [5]
-- CHECK-GRAD: lossSumF32 dlossSumF32 [4]f32
-- CHECK-VJP-JVP: primalSoftmax vjpSoftmax jvpSoftmax [4]
-- CHECK-GRAD: lossNested dlossNested [] [3] []
