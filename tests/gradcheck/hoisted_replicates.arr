-- Derivatives that are the same for every point are computed once (the
-- replicate hoisting of passes/ad/Hoist.cpp): the reverse pass sums the
-- cotangent over the points, then applies the factors. These check the
-- rewritten gradients against finite differences and forward mode.

-- GMM's shape: Q (x_i - mu_j) with Q = diag(exp q) + a strict lower triangle.
def qTimes(q: [d]f64, ls: [d,d]f64, v: [d]f64): [d]f64 =
  build([d], \r -> exp(q[r]) * v[r] + sum(build([d], \c -> if c < r then ls[r, c] * v[c] else 0.0)))
def objective(m: [k,d]f64, q: [k,d]f64, ls: [k,d,d]f64, x: [n,d]f64): f64 =
  sum(build([n], \i -> logSumExp(build([k], \j ->
    let v = qTimes(q[j], ls[j], x[i] - m[j]) in sum(q[j]) - 0.5 * sum(v * v)))))
entry loss(m: [k,d]f64, q: [k,d]f64, ls: [k,d,d]f64, x: [n,d]f64): f64 = objective(m, q, ls, x)
entry dmeans(m: [k,d]f64, q: [k,d]f64, ls: [k,d,d]f64, x: [n,d]f64) =
  grad(\mu -> objective(mu, q, ls, x))(m)
entry dall(m: [k,d]f64, q: [k,d]f64, ls: [k,d,d]f64, x: [n,d]f64) = grad(objective)(m, q, ls, x)
entry perPoint(m: [k,d]f64, q: [k,d]f64, x: [n,d]f64): [n,k]f64 =
  build([n], \i -> build([k], \j -> sum(exp(q[j]) * (x[i] - m[j]))))
entry vperPoint(m: [k,d]f64, q: [k,d]f64, x: [n,d]f64, w: [n,k]f64) =
  vjp(perPoint)(m, q, x, w)
entry jperPoint(m: [k,d]f64, q: [k,d]f64, x: [n,d]f64, tm: [k,d]f64, tq: [k,d]f64, tx: [n,d]f64) =
  jvp(perPoint)(m, q, x, tm, tq, tx)

-- The replicated axis is not the outer one: points inside components, and a
-- weight matrix applied to the difference.
def inner(mu: [k,d]f64, w: [k,d,d]f64, x: [n,d]f64): f64 =
  sum(build([k], \j -> sum(build([n], \i ->
    let v = build([d], \r -> sum(w[j, r] * (x[i] - mu[j]))) in sum(v * v)))))
entry lossInner(mu: [k,d]f64, w: [k,d,d]f64, x: [n,d]f64): f64 = inner(mu, w, x)
entry dinner(mu: [k,d]f64, w: [k,d,d]f64, x: [n,d]f64) = grad(\m -> inner(m, w, x))(mu)

-- A branch not taken still contributes an exact 0 where its factor is infinite.
entry dmasked(x: [n]f64, q: f64, mu: f64) =
  grad(\m -> sum(build([n], \i -> if x[i] > 0.0 then (x[i] - m) / q else 0.0)))(mu)

-- CHECK-GRAD: loss dmeans [2,2] ~[2,2] ~[2,2,2] ~[3,2]
-- CHECK-GRAD: loss dall [2,2] [2,2] [2,2,2] [3,2]
-- CHECK-VJP-JVP: perPoint vperPoint jperPoint [2,2] [2,2] [3,2]
-- CHECK-GRAD: lossInner dinner [2,2] ~[2,2,2] ~[3,2]
-- CHECK-OUTPUT: dmasked
-- INPUT: [-1.0, -2.0] 0.0 0.5
-- EXPECT: 0.0
-- CHECK-OUTPUT: dmasked
-- INPUT: [1.0, -2.0, 3.0] 4.0 0.5
-- EXPECT: -0.5
