-- Derivatives given by the programmer (LANGUAGE.md §8): customVjp in reverse mode and
-- customJvp in forward mode use their rules; the other mode differentiates f. Checked
-- against finite differences of the functions themselves, against known values where the
-- rule deliberately differs from f's derivative, and at second order.
-- RANGE: -1.0 1.0

-- A stable logSumExp gradient: the softmax, computed from the value y.
def lse(x: [n]f64): f64 = let m = maximum(x) in m + log(sum(map(\v -> exp(v - m), x)))
def lseRule(x: [n]f64, y: f64, ct: f64): [n]f64 = map(\v -> ct * exp(v - y), x)
def stableLse(x: [n]f64): f64 = customVjp(lse, lseRule)(x)
entry lossLse(x: [n]f64): f64 = stableLse(x)
entry dLse(x: [n]f64) = grad(stableLse)(x)
entry jvpLse(x: [n]f64, t: [n]f64) = jvp(stableLse)(x, t)
-- CHECK-GRAD: lossLse dLse [5]
-- CHECK-JVP: lossLse jvpLse [5]
-- TOL: 1e-12 0
-- CHECK-OUTPUT: dLse
-- INPUT: [1000.0, 1000.0]
-- EXPECT: [0.5, 0.5]
-- TOL: default

-- A straight-through estimator: rounding forward, the identity backward.
def ste(x: [n]f64): [n]f64 = customVjp(\v -> floor(v + 0.5), \v y ct -> ct)(x)
entry dSte(x: [n]f64, w: [n]f64) = grad(\v -> sum(ste(v) * w))(x)
entry weights(x: [n]f64, w: [n]f64): [n]f64 = w
-- CHECK-EQUAL: dSte weights [4] [4]
-- CHECK-OUTPUT: dSte
-- INPUT: [0.3, 1.7] [2.0, -3.0]
-- EXPECT: [2.0, -3.0]

-- Gradient clipping: the value passes unchanged, its cotangent is clipped to [-1, 1].
def clip(x: [n]f64): [n]f64 = customVjp(\v -> v, \v y ct -> max(min(ct, 1.0), -1.0))(x)
entry dClip(x: [n]f64, w: [n]f64) = grad(\v -> sum(clip(v * 3.0) * w))(x)
-- TOL: 1e-12 0
-- CHECK-OUTPUT: dClip
-- INPUT: [1.0, 2.0, 3.0] [0.1, 2.0, -5.0]
-- EXPECT: [0.3, 3.0, -3.0]
-- TOL: default

-- A fixed-point solver, z = g(z, a), differentiated by the implicit function theorem
-- (dz = (dg/da da) / (1 - dg/dz)) instead of through its iterations; the rule itself
-- differentiates g. Compared with the derivative through the iterations.
-- (custom_derivatives_while.arr: the same with a solver that stops when converged.)
def g(z: f64, a: f64): f64 = 0.5 * cos(z) + a
def solveRule(a: f64, z: f64, ct: f64): f64 =
  ct * grad(\w -> g(z, w))(a) / (1.0 - grad(\w -> g(w, a))(z))
def unrolled(a: f64): f64 = iterate(100, \_ s -> g(s, a), 0.0)
def fixedPoint(a: f64): f64 = customVjp(unrolled, solveRule)(a)
entry lossFixed(a: f64): f64 = fixedPoint(a) * fixedPoint(a)
entry dFixed(a: f64) = grad(\a -> fixedPoint(a) * fixedPoint(a))(a)
entry dUnrolled(a: f64) = grad(\a -> unrolled(a) * unrolled(a))(a)
-- CHECK-GRAD: lossFixed dFixed []
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: dFixed dUnrolled []
-- TOL: default

-- customJvp in forward mode uses its rule; reverse mode differentiates f.
def softplus(x: [n]f64): [n]f64 =
  customJvp(\v -> log1p(exp(v)), \v y t -> t * sigmoid(v))(x)
entry lossSoftplus(x: [n]f64, w: [n]f64): [n]f64 = softplus(x) * w
entry vjpSoftplus(x: [n]f64, w: [n]f64, ct: [n]f64) = vjp(\v -> softplus(v) * w)(x, ct)
entry jvpSoftplus(x: [n]f64, w: [n]f64, t: [n]f64) = jvp(\v -> softplus(v) * w)(x, t)
-- CHECK-VJP-JVP: lossSoftplus vjpSoftplus jvpSoftplus [4] ~[4]
-- A forward rule that differs from f's derivative shows which one each mode uses.
def twiceJvp(x: f64): f64 = customJvp(\v -> v * v, \v y t -> 10.0 * t)(x)
entry jvpTwice(x: f64, t: f64) = jvp(twiceJvp)(x, t)
entry dTwice(x: f64) = grad(twiceJvp)(x)
-- CHECK-OUTPUT: jvpTwice
-- INPUT: 3.0 1.0
-- EXPECT: 9.0
-- EXPECT: 10.0
-- CHECK-OUTPUT: dTwice
-- INPUT: 3.0
-- EXPECT: 6.0

-- Both forms combined: each mode its own rule.
def both(x: f64): f64 =
  customJvp(customVjp(\v -> v * v, \v y ct -> 20.0 * ct), \v y t -> 10.0 * t)(x)
entry jvpBoth(x: f64, t: f64) = jvp(both)(x, t)
entry dBoth(x: f64) = grad(both)(x)
-- CHECK-OUTPUT: jvpBoth
-- INPUT: 3.0 1.0
-- EXPECT: 9.0
-- EXPECT: 10.0
-- CHECK-OUTPUT: dBoth
-- INPUT: 3.0
-- EXPECT: 20.0

-- A rule that captures variables, several parameters (an integer one among them), and
-- calls inside build and fold.
def scaledPow(x: f64, k: i64, c: f64): f64 =
  customVjp(\v j s -> s * v ** f64(j), \v j s y ct -> (ct * s * f64(j) * v ** f64(j - 1), ct * y / s))(x, k, c)
entry lossScaled(x: [n]f64, c: f64): f64 = sum(build([n], \i -> scaledPow(x[i], 3, c)))
entry dScaled(x: [n]f64, c: f64) = grad(\v d -> sum(build([n], \i -> scaledPow(v[i], 3, d))))(x, c)
-- CHECK-GRAD: lossScaled dScaled [3] []@0.5:2
entry lossFold(x: [n]f64, w: f64): f64 =
  fold(\s v -> customVjp(\a b -> a * w + sin(b), \a b y ct -> (ct * w, ct * cos(b)))(s, v), 0.0, x)
entry dFold(x: [n]f64, w: f64) = grad(\v -> lossFold(v, w))(x)
-- CHECK-GRAD: lossFold dFold [5] ~[]

-- Second order: the rule is differentiated, its y as the call itself.
def expC(x: f64): f64 = customVjp(exp, \v y ct -> y * ct)(x)
entry dExp(x: f64) = grad(expC)(x)
entry ddExp(x: f64) = grad(\v -> grad(expC)(v))(x)
entry hExp(x: f64, t: f64) = jvp(\v -> grad(expC)(v))(x, t)
-- CHECK-GRAD: dExp ddExp []
-- CHECK-JVP: dExp hExp []
def cube(x: [n]f64): f64 = customVjp(\v -> sum(v * v * v), \v y ct -> 3.0 * ct * v * v)(x)
entry lossCube(x: [n]f64): f64 = cube(x)
entry hvpCube(x: [n]f64, t: [n]f64) = jvp(\v -> grad(cube)(v))(x, t)
entry hvpPrelude(x: [n]f64, t: [n]f64) = hvp(cube, x, t)
entry hvpExact(x: [n]f64, t: [n]f64): [n]f64 = 6.0 * x * t
entry gradCube(x: [n]f64) = grad(cube)(x)
-- CHECK-JVP: gradCube hvpCube [3]
-- CHECK-EQUAL: hvpPrelude hvpExact [3] [3]

-- With a rule that differs from f's derivative (twice it), the order of modes shows what
-- y is differentiated as: reverse over reverse through the rule (4 exp x), forward over
-- reverse through f (2 exp x).
def wrongExp(x: f64): f64 = customVjp(exp, \v y ct -> 2.0 * y * ct)(x)
entry ddWrong(x: f64) = grad(\v -> grad(wrongExp)(v))(x)
entry hWrong(x: f64, t: f64) = jvp(\v -> grad(wrongExp)(v))(x, t)
-- CHECK-OUTPUT: ddWrong
-- INPUT: 0.0
-- EXPECT: 4.0
-- CHECK-OUTPUT: hWrong
-- INPUT: 0.0 1.0
-- EXPECT: 2.0
-- EXPECT: 2.0

-- A tuple result, a rule applied as grad's function directly, a customJvp in a fold's step
-- under forward mode, a result with an integer component, and f32.
def pairF(a: f64, b: f64): (f64, f64) =
  customVjp(\u v -> (u + v, u * v), \u v y ct -> (ct.0 + ct.1 * v, ct.0 + ct.1 * u))(a, b)
entry lossPair(a: f64, b: f64): f64 = let p = pairF(a, b) in p.0 * p.1
entry dPair(a: f64, b: f64) = grad(\u v -> let p = pairF(u, v) in p.0 * p.1)(a, b)
entry direct(x: f64) = grad(customVjp(\v -> v * v, \v y ct -> 7.0 * ct))(x)
entry lossFoldJvp(x: [n]f64, w: f64): f64 =
  fold(\s v -> customJvp(\a b -> a * w + sin(b), \a b y ta tb -> ta * w + tb * cos(b))(s, v),
       0.0, x)
entry jvpFold(x: [n]f64, w: f64, t: [n]f64) = jvp(\v -> lossFoldJvp(v, w))(x, t)
def mixed(x: [n]f64, k: i64): ([n]f64, i64) =
  customJvp(\v j -> (v * f64(j), j + 1), \v j y t -> t * f64(j))(x, k)
entry lossMixed(x: [n]f64): [n]f64 = mixed(x, 3).0
entry jvpMixed(x: [n]f64, t: [n]f64) = jvp(\v -> mixed(v, 3).0)(x, t)
entry vjpMixed(x: [n]f64, ct: [n]f64) = vjp(\v -> mixed(v, 3).0)(x, ct)
def s32(x: f32): f32 = customVjp(\v -> v * v, \v y ct -> 2.0 * v * ct)(x)
entry d32(x: f32) = grad(s32)(x)
-- CHECK-GRAD: lossPair dPair [] []
-- CHECK-JVP: lossFoldJvp jvpFold [4] ~[]
-- CHECK-VJP-JVP: lossMixed vjpMixed jvpMixed [3]
-- CHECK-OUTPUT: direct
-- INPUT: 2.0
-- EXPECT: 7.0
-- CHECK-OUTPUT: d32
-- INPUT: 3.0
-- EXPECT: 6.0

-- A rule with loops in it: the reverse cumulative sum, checked against forward mode through f
-- (<w, J v> = <J^T w, v> holds only when the rule is f's true derivative).
def cumsum(x: [n]f64): [n]f64 =
  customVjp(\v -> scan(\s a -> s + a, 0.0, v),
            \v y ct -> reverse(scan(\s a -> s + a, 0.0, reverse(ct))))(x)
entry lossCum(x: [n]f64): [n]f64 = cumsum(x * x)
entry vjpCum(x: [n]f64, ct: [n]f64) = vjp(\v -> cumsum(v * v))(x, ct)
entry jvpCum(x: [n]f64, t: [n]f64) = jvp(\v -> cumsum(v * v))(x, t)
-- CHECK-VJP-JVP: lossCum vjpCum jvpCum [5]
