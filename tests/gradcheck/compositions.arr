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
