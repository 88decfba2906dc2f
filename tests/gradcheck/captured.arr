-- Lambdas capturing variables from the enclosing scope: the captured values are
-- constants to the derivative. grad(\w -> f(w, x))(w) gives df/dw only; the
-- gradient with respect to x is checked by capturing w instead.
def f(w: [n]f64, x: [n]f64): f64 = sum(exp(w * x) + w * w * x)
entry lossW(w: [n]f64, x: [n]f64): f64 = f(w, x)
entry dlossW(w: [n]f64, x: [n]f64) = grad(\v -> f(v, x))(w)
entry dlossBoth(w: [n]f64, x: [n]f64) = grad(f)(w, x)
entry dlossX(w: [n]f64, x: [n]f64) = grad(\y -> f(w, y))(x)
entry dlossFromBoth(w: [n]f64, x: [n]f64) = (grad(f)(w, x)).0

-- A captured scalar and a captured array used inside a build inside the lambda.
def g(w: [n]f64, s: f64, m: [n]f64): f64 = sum(build([n], \i -> w[i] * s + m[(i + 1) % n] * w[i] * w[i]))
entry lossG(w: [n]f64, s: f64, m: [n]f64): f64 = g(w, s, m)
entry dlossG(w: [n]f64, s: f64, m: [n]f64) = grad(\v -> g(v, s, m))(w)

-- The captured value is itself computed from the inputs.
entry lossComputed(w: [n]f64, x: [n]f64): f64 = let c = exp(x) in f(w, c)
entry dlossComputed(w: [n]f64, x: [n]f64) = let c = exp(x) in grad(\v -> f(v, c))(w)

-- A lambda of two parameters capturing a third.
entry lossTwo(w: [n]f64, x: [n]f64, s: f64): f64 = sum(w * x) * s + sum(w * w) * s * s
entry dlossTwo(w: [n]f64, x: [n]f64, s: f64) = grad(\a b -> sum(a * b) * s + sum(a * a) * s * s)(w, x)

-- CHECK-GRAD: lossW dlossW [4] ~[4]
-- CHECK-GRAD: lossW dlossX ~[4] [4]
-- CHECK-GRAD: lossW dlossBoth [4] [4]
-- CHECK-EQUAL: dlossW dlossFromBoth [4] [4]
-- CHECK-GRAD: lossG dlossG [4] ~[] ~[4]
-- CHECK-GRAD: lossComputed dlossComputed [4] ~[4]
-- CHECK-GRAD: lossTwo dlossTwo [3] [3] ~[]

-- vjp and jvp of capturing lambdas: the captured inputs (~) get no cotangent and
-- take no tangent. An array-valued lambda capturing an array and a scalar, a
-- lambda capturing a computed value, and one of two parameters capturing a third.
entry primalRows(w: [n]f64, x: [n]f64, s: f64): [n]f64 = exp(w * x) * s + w * w
entry vjpRows(w: [n]f64, x: [n]f64, s: f64, ct: [n]f64) = vjp(\v -> exp(v * x) * s + v * v)(w, ct)
entry jvpRows(w: [n]f64, x: [n]f64, s: f64, t: [n]f64) = jvp(\v -> exp(v * x) * s + v * v)(w, t)
entry vjpComputed(w: [n]f64, x: [n]f64, ct: f64) = let c = exp(x) in vjp(\v -> f(v, c))(w, ct)
entry jvpComputed(w: [n]f64, x: [n]f64, t: [n]f64) = let c = exp(x) in jvp(\v -> f(v, c))(w, t)
entry vjpTwo(w: [n]f64, x: [n]f64, s: f64, ct: f64) = vjp(\a b -> sum(a * b) * s + sum(a * a) * s * s)(w, x, ct)
entry jvpTwo(w: [n]f64, x: [n]f64, s: f64, tw: [n]f64, tx: [n]f64) = jvp(\a b -> sum(a * b) * s + sum(a * a) * s * s)(w, x, tw, tx)
entry vjpG(w: [n]f64, s: f64, m: [n]f64, ct: f64) = vjp(\v -> g(v, s, m))(w, ct)
entry jvpG(w: [n]f64, s: f64, m: [n]f64, t: [n]f64) = jvp(\v -> g(v, s, m))(w, t)

-- CHECK-VJP-JVP: primalRows vjpRows jvpRows [4] ~[4] ~[]
-- CHECK-VJP-JVP: lossComputed vjpComputed jvpComputed [4] ~[4]
-- CHECK-VJP-JVP: lossTwo vjpTwo jvpTwo [3] [3] ~[]
-- CHECK-VJP-JVP: lossG vjpG jvpG [4] ~[] ~[4]
