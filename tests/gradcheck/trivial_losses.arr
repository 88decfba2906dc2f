-- Degenerate losses: a constant (zero gradient of the input's shape), the
-- identity on a scalar, a loss that ignores one parameter, a loss that uses an
-- input only through noGrad and i64 conversions, and one component of a tuple
-- (the other component is dead code).
def constant(a: [n]f64): f64 = 3.0
entry lossConst(a: [n]f64): f64 = constant(a)
entry dlossConst(a: [n]f64) = grad(constant)(a)

def identity(x: f64): f64 = x
entry lossId(x: f64): f64 = identity(x)
entry dlossId(x: f64) = grad(identity)(x)

def ignores(a: [n]f64, b: [r, c]f64): f64 = sum(a)
entry lossIgnores(a: [n]f64, b: [r, c]f64): f64 = ignores(a, b)
entry dlossIgnores(a: [n]f64, b: [r, c]f64) = grad(ignores)(a, b)

def deadComponent(a: [n]f64): f64 = (sum(a * a), sum(exp(a))).1
entry lossDead(a: [n]f64): f64 = deadComponent(a)
entry dlossDead(a: [n]f64) = grad(deadComponent)(a)

def viaInts(a: [n]f64): f64 = f64(sum(i64(a * 10.0))) + noGrad(sum(a))
entry dlossViaInts(a: [n]f64) = grad(viaInts)(a)

-- CHECK-GRAD: lossConst dlossConst [4]
-- CHECK-GRAD: lossId dlossId []
-- CHECK-GRAD: lossIgnores dlossIgnores [3] [2,2]
-- CHECK-GRAD: lossDead dlossDead [4]
-- CHECK-OUTPUT: dlossConst
-- INPUT: [1.0, 2.0, 3.0]
-- EXPECT: [0.0, 0.0, 0.0]
-- CHECK-OUTPUT: dlossIgnores
-- INPUT: [1.0, 2.0] [[1.0, 2.0], [3.0, 4.0]]
-- EXPECT: [1.0, 1.0] [[0.0, 0.0], [0.0, 0.0]]
-- CHECK-OUTPUT: dlossViaInts
-- INPUT: [0.55, -1.23, 7.0]
-- EXPECT: [0.0, 0.0, 0.0]

-- vjp and jvp of the degenerate functions: a constant (zero tangent, zero
-- cotangents of the input's shape), the identity, an ignored parameter, a dead
-- tuple component, and a constant array-valued function.
entry vjpConst(a: [n]f64, w: f64) = vjp(constant)(a, w)
entry jvpConst(a: [n]f64, t: [n]f64) = jvp(constant)(a, t)
entry vjpId(x: f64, w: f64) = vjp(identity)(x, w)
entry jvpId(x: f64, t: f64) = jvp(identity)(x, t)
entry vjpIgnores(a: [n]f64, b: [r, c]f64, w: f64) = vjp(ignores)(a, b, w)
entry jvpIgnores(a: [n]f64, b: [r, c]f64, ta: [n]f64, tb: [r, c]f64) = jvp(ignores)(a, b, ta, tb)
entry vjpDead(a: [n]f64, w: f64) = vjp(deadComponent)(a, w)
entry jvpDead(a: [n]f64, t: [n]f64) = jvp(deadComponent)(a, t)
def constantArray(a: [n]f64): [2, n]f64 = replicate(2, f64(iota(n)) + noGrad(a) * 0.0)
entry primalConstArray(a: [n]f64): [2, n]f64 = constantArray(a)
entry vjpConstArray(a: [n]f64, w: [2, n]f64) = vjp(constantArray)(a, w)
entry jvpConstArray(a: [n]f64, t: [n]f64) = jvp(constantArray)(a, t)

-- CHECK-VJP-JVP: lossConst vjpConst jvpConst [4]
-- CHECK-VJP-JVP: lossId vjpId jvpId []
-- CHECK-VJP-JVP: lossIgnores vjpIgnores jvpIgnores [3] [2,2]
-- CHECK-VJP-JVP: lossDead vjpDead jvpDead [4]
-- CHECK-VJP-JVP: primalConstArray vjpConstArray jvpConstArray [3]
-- CHECK-OUTPUT: jvpConstArray
-- INPUT: [1.0, 2.0] [5.0, 6.0]
-- EXPECT: [[0.0, 1.0], [0.0, 1.0]] [[0.0, 0.0], [0.0, 0.0]]
