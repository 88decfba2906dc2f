-- valueAndGrad(f)(x..) = (f(x..), grad(f)(x..)): the value equals the loss and
-- the gradient is checked by finite differences, with one and with several
-- parameters, with an integer parameter and through a lambda.
def f(a: [n]f64): f64 = sum(exp(a) * sin(a))
entry loss(a: [n]f64): f64 = f(a)
entry vg(a: [n]f64) = valueAndGrad(f)(a)

def g(a: [n]f64, k: i64, b: f64): f64 = sum(a * a) * b + f64(k) * b * b
entry lossG(a: [n]f64, k: i64, b: f64): f64 = g(a, k, b)
entry vgG(a: [n]f64, k: i64, b: f64) = valueAndGrad(g)(a, k, b)

entry lossLambda(a: [n]f64, x: [n]f64): f64 = sum(tanh(a * x))
entry vgLambda(a: [n]f64, x: [n]f64) = valueAndGrad(\w -> sum(tanh(w * x)))(a)

-- The gradient part agrees with grad.
entry gradG(a: [n]f64, k: i64, b: f64) = grad(g)(a, k, b)
entry gradPartG(a: [n]f64, k: i64, b: f64) = (valueAndGrad(g)(a, k, b)).1

-- CHECK-VG: loss vg [5]
-- CHECK-VG: lossG vgG [3] []i64 []
-- CHECK-VG: lossLambda vgLambda [4] ~[4]
-- CHECK-EQUAL: gradG gradPartG [3] []i64 []
