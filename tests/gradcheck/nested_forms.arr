-- Nested differentiation in every form LANGUAGE.md §8 allows (these programs were
-- rejected before it was supported): a grad inside a function called by a
-- differentiated one, inside a lambda, found through the prelude's jacrev, passed
-- through function parameters, and a jvp inside a vjp. Each is compared with its
-- derivative worked out by hand, and against finite differences.
-- RANGE: -1.5 1.5

-- outer(x) = x * 2x + 1, so d outer / dx = 4x.
def inner(x: f64): f64 = x * grad(\y -> y * y)(x)
def outer(x: f64): f64 = inner(x) + 1.0
entry gradCall(x: f64) = grad(outer)(x)
entry gradCallExpected(x: f64): f64 = 4.0 * x
-- CHECK-EQUAL: gradCall gradCallExpected []
entry outerEntry(x: f64): f64 = outer(x)
-- CHECK-GRAD: outerEntry gradCall []

-- d/da (d/db (a b^2) at b = a) = d/da 2a^2 = 4a: the inner lambda captures a, a
-- constant to the inner derivative only.
entry gradLambda(x: f64) = grad(\a -> grad(\b -> a * b * b)(a))(x)
entry gradLambdaExpected(x: f64): f64 = 4.0 * x
-- CHECK-EQUAL: gradLambda gradLambdaExpected []

-- jacrev of a gradient is the Hessian: diag(6x) for sum(x^3).
def cubes(x: [n]f64): f64 = sum(x * x * x)
entry hessianByJacrev(x: [n]f64) = jacrev(\y -> grad(cubes)(y), x)
entry hessianExpected(x: [n]f64): [n, n]f64 = build([n, n], \i j -> if i == j then 6.0 * x[i] else 0.0)
entry hessianPrelude(x: [n]f64) = hessian(cubes, x)
-- CHECK-EQUAL: hessianByJacrev hessianExpected [4]
-- CHECK-EQUAL: hessianPrelude hessianExpected [4]

-- A jvp applied to a function parameter that is a named function holding a grad, passed
-- through another function: the Hessian times x, 6x^2.
def gr(x: [n]f64): [n]f64 = grad(cubes)(x)
def tangent(h: [n]f64 -> [n]f64, x: [n]f64): [n]f64 = (jvp(h)(x, x)).1
def wrap(g: [n]f64 -> [n]f64, x: [n]f64): [n]f64 = tangent(g, x)
entry throughParameter(x: [n]f64) = wrap(gr, x)
entry throughParameterExpected(x: [n]f64): [n]f64 = 6.0 * x * x
-- CHECK-EQUAL: throughParameter throughParameterExpected [4]

-- vjp of (a -> the tangent of sin at a along 1, cos a): -sin(x) ct.
entry jvpInVjp(x: f64, ct: f64) = vjp(\a -> jvp(\b -> sin(b))(a, 1.0).1)(x, ct)
entry jvpInVjpExpected(x: f64, ct: f64): f64 = -sin(x) * ct
-- CHECK-EQUAL: jvpInVjp jvpInVjpExpected [] []

-- Hessian-vector products four ways agree: hvp (forward over reverse), jvp of grad,
-- grad of jvp (reverse over forward), vjp of grad (reverse over reverse, the Hessian
-- is symmetric).
def rosen(x: [n]f64): f64 =
  sum(build([n], \i -> if i + 1 < n then 100.0 * (x[i + 1] - x[i] * x[i]) ** 2.0 + (1.0 - x[i]) ** 2.0 else 0.0))
entry hvpPrelude(x: [n]f64, v: [n]f64) = hvp(rosen, x, v)
entry jvpOfGrad(x: [n]f64, v: [n]f64) = (jvp(\y -> grad(rosen)(y))(x, v)).1
entry gradOfJvp(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(rosen)(y, v)).1)(x)
entry vjpOfGrad(x: [n]f64, v: [n]f64) = vjp(\y -> grad(rosen)(y))(x, v)
-- TOL: 1e-11 1e-11
-- CHECK-EQUAL: hvpPrelude jvpOfGrad [5] [5]
-- CHECK-EQUAL: hvpPrelude gradOfJvp [5] [5]
-- CHECK-EQUAL: hvpPrelude vjpOfGrad [5] [5]

-- The prelude's hessian (rows H e_j, by symmetry) against jacfwd of the gradient
-- (columns H e_j, transposed), on a function with pairwise terms and a dense Hessian.
def pairwise(x: [n]f64): f64 =
  sum(build([n], \i -> sum(build([n], \j -> exp(-((x[i] - x[j]) ** 2.0)))))) + sum(x * x * x)
entry hessianPairwise(x: [n]f64) = hessian(pairwise, x)
entry jacfwdPairwise(x: [n]f64) = jacfwd(\y -> grad(pairwise)(y), x)
entry pairwiseGrad(x: [n]f64) = grad(pairwise)(x)
entry pairwiseVjpOfGrad(x: [n]f64, w: [n]f64) = vjp(\y -> grad(pairwise)(y))(x, w)
entry pairwiseHessianRows(x: [n]f64, w: [n]f64) = matvec(transpose(hessian(pairwise, x)), w)
-- TOL: 1e-12 1e-13
-- CHECK-EQUAL: hessianPairwise jacfwdPairwise [6]
-- CHECK-EQUAL: pairwiseVjpOfGrad pairwiseHessianRows [6] [6]
