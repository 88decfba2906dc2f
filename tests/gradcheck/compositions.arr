-- Long compositions: a chain of matrix products, ten nested function calls,
-- several grads in one entry (each its own differentiation), and the same
-- function differentiated at two points.
def chain3(a: [n, n]f64, b: [n, n]f64, c: [n, n]f64): f64 = sum(sum(matmul(matmul(a, b), matmul(c, a))))
entry loss(a: [n, n]f64, b: [n, n]f64, c: [n, n]f64): f64 = chain3(a, b, c)
entry dloss(a: [n, n]f64, b: [n, n]f64, c: [n, n]f64) = grad(chain3)(a, b, c)

def f1(x: [n]f64): [n]f64 = sin(x) + x
def f2(x: [n]f64): [n]f64 = f1(x) * f1(x * 0.5)
def f3(x: [n]f64): [n]f64 = f2(reverse(x)) + x
def f4(x: [n]f64): [n]f64 = tanh(f3(x))
def f5(x: [n]f64): [n]f64 = f4(x) * sum(x)
def f6(x: [n]f64): [n]f64 = softmax(f5(x))
def f7(x: [n]f64): [n]f64 = f6(x) + f6(x * x)
def f8(x: [n]f64): [n]f64 = build([n], \i -> f7(x)[(i + 1) % n])
def f9(x: [n]f64): [n]f64 = exp(f8(x)) - f8(x)
def f10(x: [n]f64): f64 = sum(f9(x) * x)
entry lossDeep(a: [n]f64): f64 = f10(a)
entry dlossDeep(a: [n]f64) = grad(f10)(a)

def g(a: [n]f64): f64 = sum(a * a * a)
def h(a: [n]f64): f64 = sum(exp(a))
entry lossGH(a: [n]f64): f64 = g(a) + h(a) * 2.0 + g(a * 2.0)
entry dlossGH(a: [n]f64) = grad(g)(a) + grad(h)(a) * 2.0 + grad(g)(a * 2.0) * 2.0

-- CHECK-GRAD: loss dloss [2,2] [2,2] [2,2]
-- CHECK-GRAD: lossDeep dlossDeep [4]
-- CHECK-GRAD: lossGH dlossGH [5]

-- vjp and jvp through the same compositions: the matrix chain as a matrix-valued
-- function, the ten nested calls as a vector-valued one (f9) and as the loss.
def chainMatrix(a: [n, n]f64, b: [n, n]f64, c: [n, n]f64): [n, n]f64 = matmul(matmul(a, b), matmul(c, a))
entry primalChain(a: [n, n]f64, b: [n, n]f64, c: [n, n]f64): [n, n]f64 = chainMatrix(a, b, c)
entry vjpChain(a: [n, n]f64, b: [n, n]f64, c: [n, n]f64, w: [n, n]f64) = vjp(chainMatrix)(a, b, c, w)
entry jvpChain(a: [n, n]f64, b: [n, n]f64, c: [n, n]f64, ta: [n, n]f64, tb: [n, n]f64, tc: [n, n]f64) =
  jvp(chainMatrix)(a, b, c, ta, tb, tc)
entry primalDeep(a: [n]f64): [n]f64 = f9(a)
entry vjpDeep(a: [n]f64, w: [n]f64) = vjp(f9)(a, w)
entry jvpDeep(a: [n]f64, t: [n]f64) = jvp(f9)(a, t)
entry vjpLossDeep(a: [n]f64, w: f64) = vjp(f10)(a, w)
entry jvpLossDeep(a: [n]f64, t: [n]f64) = jvp(f10)(a, t)
-- Several jvps in one entry, at two points.
entry jvpGH(a: [n]f64, t: [n]f64) =
  let (g1, dg1) = jvp(g)(a, t)
  let (h1, dh1) = jvp(h)(a, t)
  let (g2, dg2) = jvp(g)(a * 2.0, t * 2.0)
  in (g1 + h1 * 2.0 + g2, dg1 + dh1 * 2.0 + dg2)
entry vjpGH(a: [n]f64, w: f64) = vjp(g)(a, w) + vjp(h)(a, w) * 2.0 + vjp(g)(a * 2.0, w) * 2.0

-- CHECK-VJP-JVP: primalChain vjpChain jvpChain [2,2] [2,2] [2,2]
-- CHECK-VJP-JVP: primalDeep vjpDeep jvpDeep [4]
-- CHECK-VJP-JVP: lossDeep vjpLossDeep jvpLossDeep [4]
-- CHECK-VJP-JVP: lossGH vjpGH jvpGH [5]
