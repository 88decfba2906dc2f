-- Literals in differentiated functions take the f32 of the parameters they meet.
entry gradLet(x: f32): f32 = grad(\y -> let a = 2.0 in a * y * y)(x)
entry gradFold(xs: [n]f32): [n]f32 = grad(\v -> fold(\s x -> s * 0.5 + x, 0, v))(xs)
entry jvpLet(x: f32): (f32, f32) = jvp(\y -> let c = 3 in c * y)(x, 1.0)
-- CHECK: entry gradLet(x: f32): f32 =
-- CHECK: let a: f32 = 2.0
-- CHECK: entry gradFold(xs: [n]f32): [n]f32 =
-- CHECK: fold(\(s: f32, x: f32)
-- CHECK: entry jvpLet(x: f32): (f32, f32) =
-- CHECK: let c: f32 = 3
