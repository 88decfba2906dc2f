-- A function holding a grad may be passed to one that only calls it: no nesting.
-- (Passed to one that differentiates it, it is a compile error: see
-- tests/frontend/invalid/nested_grad_through_*.arr.)
def applyTo(g: [n]f64 -> [n]f64, x: [n]f64): [n]f64 = g(x)
def cube(z: [n]f64): f64 = sum(z * z * z)
entry gradThroughApply(x: [n]f64): [n]f64 = applyTo(\y -> grad(cube)(y), x)
entry twiceThroughApply(x: [n]f64): [n]f64 = applyTo(\y -> grad(cube)(y) * 2.0, applyTo(\y -> y + 1.0, x))

-- CHECK-OUTPUT: gradThroughApply
-- INPUT: [1.5, -2.0]
-- EXPECT: [6.75, 12.0]
-- CHECK-OUTPUT: twiceThroughApply
-- INPUT: [0.5, -3.0]
-- EXPECT: [13.5, 24.0]
