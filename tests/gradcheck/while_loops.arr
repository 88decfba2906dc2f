-- Derivatives through while loops (LANGUAGE.md §8), in both modes: with respect to the
-- initial state and the captured variables, through the steps the loop takes; the
-- condition gets no derivative. Forward mode carries the state's tangent through the
-- steps; reverse mode sweeps back over the number of steps the primal loop took. Each
-- check's inputs stay away from the points where the number of steps changes.
-- RANGE: -1.0 1.0

-- A counter in the state bounds the steps; the float components carry the derivative.
def damped(x: f64, w: f64): f64 =
  while(20, \s -> s.1 < 5, \s -> (sin(s.0) * w + s.0, s.1 + 1), (x, 0)).0
entry lossDamped(x: f64, w: f64): f64 = damped(x, w)
entry dDamped(x: f64, w: f64) = grad(damped)(x, w)
entry vjpDamped(x: f64, w: f64, ct: f64) = vjp(damped)(x, w, ct)
entry jvpDamped(x: f64, w: f64, tx: f64, tw: f64) = jvp(damped)(x, w, tx, tw)
-- CHECK-GRAD: lossDamped dDamped [] []
-- CHECK-VJP-JVP: lossDamped vjpDamped jvpDamped [] []

-- An array state and a captured array; the loop runs to its bound.
def relax(v: [n]f64, m: [n]f64): [n]f64 = while(7, \s -> true, \s -> tanh(s * m + 0.1), v)
entry lossRelax(v: [n]f64, m: [n]f64): [n]f64 = relax(v, m)
entry vjpRelax(v: [n]f64, m: [n]f64, ct: [n]f64) = vjp(relax)(v, m, ct)
entry jvpRelax(v: [n]f64, m: [n]f64, tv: [n]f64, tm: [n]f64) = jvp(relax)(v, m, tv, tm)
-- CHECK-VJP-JVP: lossRelax vjpRelax jvpRelax [4] [4]
-- CHECK-JVP: lossRelax jvpRelax [4] [4]

-- A tuple of an array and a scalar, functions by name, and an integer parameter.
def stepPair(s: ([n]f64, f64)): ([n]f64, f64) = (s.0 * 0.9 + s.1, s.1 + sum(s.0) * 0.1)
def pair(v: [n]f64, c: f64, k: i64): f64 =
  let s = while(k, \s -> s.1 < 100.0 + c, stepPair, (v, c)) in sum(s.0) + s.1
entry lossPair(v: [n]f64, c: f64): f64 = pair(v, c, 6)
entry dPair(v: [n]f64, c: f64) = grad(\v c -> pair(v, c, 6))(v, c)
entry jvpPair(v: [n]f64, c: f64, tv: [n]f64, tc: f64) = jvp(\v c -> pair(v, c, 6))(v, c, tv, tc)
-- CHECK-GRAD: lossPair dPair [3] []
-- CHECK-JVP: lossPair jvpPair [3] []

-- The condition reads the float state: from x in [0.5, 1] and a factor in [3.05, 3.1],
-- three steps pass 10 and two do not, so every input here takes three steps, under a
-- bound of 10^12 that reserves nothing.
-- RANGE: 0.5 1.0
def grow(x: f64, r: f64): f64 = while(1000000000000, \s -> s < 10.0, \s -> s * (3.0 + 0.1 * r), x)
entry lossGrow(x: f64, r: f64): f64 = grow(x, r)
entry dGrow(x: f64, r: f64) = grad(grow)(x, r)
entry vjpGrow(x: f64, r: f64, ct: f64) = vjp(grow)(x, r, ct)
entry jvpGrow(x: f64, r: f64, tx: f64, tangentR: f64) = jvp(grow)(x, r, tx, tangentR)
-- CHECK-GRAD: lossGrow dGrow [] []
-- CHECK-VJP-JVP: lossGrow vjpGrow jvpGrow [] []
-- RANGE: -1.0 1.0

-- In a build: each element takes its own number of steps (its index plus two).
def perElement(xs: [n]f64, w: f64): [n]f64 =
  build([n], \i -> while(i + 2, \s -> s < 1000.0, \s -> sin(s) * w + xs[i], xs[i]))
entry lossPerElement(xs: [n]f64, w: f64): [n]f64 = perElement(xs, w)
entry vjpPerElement(xs: [n]f64, w: f64, ct: [n]f64) = vjp(perElement)(xs, w, ct)
entry jvpPerElement(xs: [n]f64, w: f64, txs: [n]f64, tw: f64) = jvp(perElement)(xs, w, txs, tw)
-- CHECK-VJP-JVP: lossPerElement vjpPerElement jvpPerElement [4] []

-- A while in a fold's step, and a fold in a while's step.
def mixed(xs: [n]f64, w: f64): f64 =
  fold(\a x -> a + while(3, \s -> true, \s -> s * w + x, a), 0.5, xs)
    + while(4, \s -> true, \s -> fold(\b x -> b * w + x, s, xs), w)
entry lossMixed(xs: [n]f64, w: f64): f64 = mixed(xs, w)
entry dMixed(xs: [n]f64, w: f64) = grad(mixed)(xs, w)
entry vjpMixed(xs: [n]f64, w: f64, ct: f64) = vjp(mixed)(xs, w, ct)
entry jvpMixed(xs: [n]f64, w: f64, txs: [n]f64, tw: f64) = jvp(mixed)(xs, w, txs, tw)
-- CHECK-GRAD: lossMixed dMixed [3] []
-- CHECK-VJP-JVP: lossMixed vjpMixed jvpMixed [3] []

-- Integer and boolean state components beside a float one, and whiles in both branches
-- of an if (both run; one is selected).
def mixedState(x: f64, w: f64): f64 =
  let s = while(10, \s -> s.0 < 4, \s -> (s.0 + 1, s.1 * w, s.2 || s.1 > 0.0), (0, x, false))
  in s.1 + (if s.2 then 1.0 else 0.0)
entry lossMixedState(x: f64, w: f64): f64 = mixedState(x, w)
entry dMixedState(x: f64, w: f64) = grad(mixedState)(x, w)
def branches(x: f64, c: f64): f64 =
  if c > 0.0 then while(3, \s -> true, \s -> sin(s) * c, x) else while(2, \s -> true, \s -> cos(s), x)
entry lossBranches(x: f64, c: f64): f64 = branches(x, c)
entry dBranches(x: f64, c: f64) = grad(branches)(x, c)
-- CHECK-GRAD: lossMixedState dMixedState [] []
-- CHECK-GRAD: lossBranches dBranches [] []@0.2:1
-- CHECK-GRAD: lossBranches dBranches [] []@-1:-0.2

-- Second order: the Hessian (forward over reverse) of s -> s * s + v three times,
-- elementwise: s3'' = 2 s2'^2 + 2 s2 s2'' = 55.375 at v = 0.5.
def squares(v: [n]f64): f64 = sum(while(3, \s -> sum(s) < 100.0, \s -> s * s + v, v))
entry hessianSquares(v: [n]f64) = hessian(squares, v)
-- CHECK-OUTPUT: hessianSquares
-- INPUT: [0.5, 0.25]
-- EXPECT: [[55.375, 0.0], [0.0, 11.505859375]]

-- A gradient inside the step: gradient descent on a quadratic until its gradient is
-- small, differentiated with respect to the starting point and the target.
def descend(x0: f64, target: f64): f64 =
  while(1000, \s -> abs(grad(\x -> (x - target) ** 2.0)(s)) > 1e-9,
        \s -> s - 0.25 * grad(\x -> (x - target) ** 2.0)(s), x0)
entry lossDescend(x0: f64, target: f64): f64 = descend(x0, target)
entry dDescend(x0: f64, target: f64) = grad(descend)(x0, target)
entry jvpDescend(x0: f64, target: f64, t0: f64, tt: f64) = jvp(descend)(x0, target, t0, tt)
-- The descent stops 2^-32 from the target: equal within the tolerance.
-- TOL: 1e-8 1e-8
-- CHECK-OUTPUT: lossDescend
-- INPUT: 5.0
-- INPUT: 3.0
-- EXPECT: 3.0
-- CHECK-OUTPUT: jvpDescend
-- INPUT: 5.0
-- INPUT: 3.0
-- INPUT: 1.0
-- INPUT: 2.0
-- EXPECT: 3.0
-- EXPECT: 2.0
-- CHECK-OUTPUT: dDescend
-- INPUT: 5.0
-- INPUT: 3.0
-- EXPECT: 0.0
-- EXPECT: 1.0
