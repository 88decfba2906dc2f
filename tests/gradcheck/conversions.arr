-- Conversions inside an f64 loss: f64 -> f32 -> f64 (the derivative passes
-- through the rounding), f32 inputs converted to f64, and i64/bool conversions
-- (which carry no derivative). The f64 -> f32 round trip makes the loss a step
-- function at the scale of f32 rounding, so those checks use a larger step.
def viaF32(a: [n]f64): f64 = sum(f64(f32(a) * f32(a)))
entry lossVia(a: [n]f64): f64 = viaF32(a)
entry dlossVia(a: [n]f64) = grad(viaF32)(a)

def fromF32(a: [n]f32, b: [n]f64): f64 = sum(f64(a) * b) + sum(exp(f64(a)))
entry lossFrom(a: [n]f32, b: [n]f64): f64 = fromF32(a, b)
entry dlossFrom(a: [n]f32, b: [n]f64) = grad(fromF32)(a, b)

def ints(a: [n]f64): f64 = sum(f64(i64(a * 4.0)) * a) + sum(f64(bool(i64(a * 2.0))) * a * a)
entry lossInts(a: [n]f64): f64 = ints(a)
entry dlossInts(a: [n]f64) = grad(ints)(a)

def toF64(a: [n]f32): f64 = sum(f64(a * a))
entry lossToF64(a: [n]f32): f64 = toF64(a)
entry dlossToF64(a: [n]f32) = grad(toF64)(a)

-- RANGE: -2.0 2.0
-- CHECK-GRAD: lossInts dlossInts [6]
-- RANGE: default
-- CHECK-GRAD: lossFrom dlossFrom [4]f32 [4]
-- CHECK-GRAD: lossToF64 dlossToF64 [4]f32
-- STEP: 1e-3
-- TOL: 1e-3 1e-5
-- CHECK-GRAD: lossVia dlossVia [5]

-- vjp and jvp across conversions: f32 inputs with an f64 result, mixed inputs
-- with an f32 result (the f64 input's tangent is rounded to f32 on the way),
-- and the integer conversions (no derivative through them).
def mixed(a: [n]f32, b: [n]f64): [n]f32 = a * f32(b) + f32(exp(b)) * a * a
entry primalMixed(a: [n]f32, b: [n]f64): [n]f32 = mixed(a, b)
entry vjpMixed(a: [n]f32, b: [n]f64, w: [n]f32) = vjp(mixed)(a, b, w)
entry jvpMixed(a: [n]f32, b: [n]f64, ta: [n]f32, tb: [n]f64) = jvp(mixed)(a, b, ta, tb)
entry vjpFrom(a: [n]f32, b: [n]f64, w: f64) = vjp(fromF32)(a, b, w)
entry jvpFrom(a: [n]f32, b: [n]f64, ta: [n]f32, tb: [n]f64) = jvp(fromF32)(a, b, ta, tb)
def intsArray(a: [n]f64): [n]f64 = f64(i64(a * 4.0)) * a + f64(bool(i64(a * 2.0))) * a * a
entry primalInts(a: [n]f64): [n]f64 = intsArray(a)
entry vjpInts(a: [n]f64, w: [n]f64) = vjp(intsArray)(a, w)
entry jvpInts(a: [n]f64, t: [n]f64) = jvp(intsArray)(a, t)

-- RANGE: -2.0 2.0
-- CHECK-VJP-JVP: primalInts vjpInts jvpInts [6]
-- RANGE: default
-- CHECK-VJP-JVP: primalMixed vjpMixed jvpMixed [4]f32 [4]
-- CHECK-VJP-JVP: lossFrom vjpFrom jvpFrom [4]f32 [4]
-- (viaF32 has no such check: its tangent and cotangent are both rounded to f32,
-- at different points, so the two sides of the identity agree only to about
-- 1e-8 although its inputs and result are f64.)
