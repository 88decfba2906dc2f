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

-- vjp and jvp of the same functions: one parameter, an i64 parameter passed
-- through, and a lambda capturing an input.
entry vjpF(a: [n]f64, w: f64) = vjp(f)(a, w)
entry jvpF(a: [n]f64, t: [n]f64) = jvp(f)(a, t)
entry vjpG(a: [n]f64, k: i64, b: f64, w: f64) = vjp(g)(a, k, b, w)
entry jvpG(a: [n]f64, k: i64, b: f64, ta: [n]f64, tb: f64) = jvp(g)(a, k, b, ta, tb)
entry vjpLambda(a: [n]f64, x: [n]f64, w: f64) = vjp(\v -> sum(tanh(v * x)))(a, w)
entry jvpLambda(a: [n]f64, x: [n]f64, t: [n]f64) = jvp(\v -> sum(tanh(v * x)))(a, t)
-- The value of jvp is the value of valueAndGrad.
entry valueJvp(a: [n]f64, k: i64, b: f64) = (jvp(g)(a, k, b, a, b)).0
entry valueVg(a: [n]f64, k: i64, b: f64) = (valueAndGrad(g)(a, k, b)).0

-- CHECK-VJP-JVP: loss vjpF jvpF [5]
-- CHECK-VJP-JVP: lossG vjpG jvpG [3] []i64 []
-- CHECK-VJP-JVP: lossLambda vjpLambda jvpLambda [4] ~[4]
-- CHECK-EQUAL: valueJvp valueVg [3] []i64 []
