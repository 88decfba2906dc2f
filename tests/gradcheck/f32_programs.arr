-- f32 programs: the loss, the arithmetic and the gradient are all f32. Checked
-- with a larger finite-difference step and a loose tolerance.
def f(a: [n]f32, b: [n]f32): f32 = sum(exp(a) * b + a * a * b * b) - sum(sin(a * b))
entry loss(a: [n]f32, b: [n]f32): f32 = f(a, b)
entry dloss(a: [n]f32, b: [n]f32) = grad(f)(a, b)

def mv(m: [r, c]f32, x: [c]f32): f32 = sum(tanh(matvec(m, x)))
entry lossMv(m: [r, c]f32, x: [c]f32): f32 = mv(m, x)
entry dlossMv(m: [r, c]f32, x: [c]f32) = grad(mv)(m, x)

def soft(a: [n]f32): f32 = logSumExp(a * 2.0) + sum(softmax(a) * a)
entry lossSoft(a: [n]f32): f32 = soft(a)
entry dlossSoft(a: [n]f32) = grad(soft)(a)

def mixed(a: [n]f32, b: [n]f64): f64 = sum(f64(a) * b) + f64(sum(a * a))
entry lossMixed(a: [n]f32, b: [n]f64): f64 = mixed(a, b)
entry dlossMixed(a: [n]f32, b: [n]f64) = grad(mixed)(a, b)

def scalar(x: f32): f32 = sqrt(x * x + 1.0) * log(x * x + 2.0) + x ** 3.0
entry lossScalar(x: f32): f32 = scalar(x)
entry dlossScalar(x: f32) = grad(scalar)(x)

entry primal(m: [r, c]f32, x: [c]f32): [r]f32 = exp(matvec(m, x))
entry vjpPrimal(m: [r, c]f32, x: [c]f32, w: [r]f32) = vjp(\a b -> exp(matvec(a, b)))(m, x, w)
entry jvpPrimal(m: [r, c]f32, x: [c]f32, ta: [r, c]f32, tb: [c]f32) = jvp(\a b -> exp(matvec(a, b)))(m, x, ta, tb)

entry vgF(a: [n]f32, b: [n]f32) = valueAndGrad(f)(a, b)

-- CHECK-GRAD: loss dloss [4]f32 [4]f32
-- CHECK-GRAD: lossMv dlossMv [2,3]f32 [3]f32
-- CHECK-GRAD: lossSoft dlossSoft [5]f32
-- CHECK-GRAD: lossMixed dlossMixed [4]f32 [4]
-- CHECK-GRAD: lossScalar dlossScalar []f32
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [2,3]f32 [3]f32
-- CHECK-VG: loss vgF [4]f32 [4]f32
