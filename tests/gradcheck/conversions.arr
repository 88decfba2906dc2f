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
