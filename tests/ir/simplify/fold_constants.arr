-- ARGS: --dump-after=simplify --verify-ir
-- Constant folding with the interpreter's own element rules.

-- Floats: binary and unary operations, conversions, IEEE results (nan, inf).
entry floats(x: f64) = [x + 2.0 * 3.0, x * exp(0.0) - sqrt(4.0), x + f64(5) / 2.0, x + 7.5 % 2.0, x + 0.0 / 0.0, x + 1.0 / 0.0]
-- INPUTS(floats): 0.25
-- CHECK-LABEL: entry floats (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}[[[X]] + 6.0, [[X]] - 2.0, [[X]] + 2.5, [[X]] + 1.5, [[X]] + nan, [[X]] + inf]{{$}}

-- Integers: floor division and remainder, division by zero is 0, pow,
-- truncation of conversions.
entry integers(x: i64) = [x * ((-7) / 2), x * ((-7) % 2), x * (7 / 0 + 3), x * (7 % 0 + 5), x * i64(-2.7), x * 2 ** 10]
-- INPUTS(integers): 3
-- CHECK-LABEL: entry integers (
-- CHECK-SAME: [[X:x_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}[[[X]] * (-4), [[X]], [[X]] * 3, [[X]] * 5, [[X]] * (-2), [[X]] * 1024]{{$}}

-- Replicated constants fold to a replicated constant.
entry arrays(a: [k]f64) = a * (exp(a * 0.0 + 1.0) * 0.5 + 2.0 * 3.0)
-- INPUTS(arrays): [1.0, -2.0]
-- CHECK-LABEL: entry arrays (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}[[A]] * (((exp (([[A]] * (replicate k 0.0)) + (replicate k 1.0))) * (replicate k 0.5)) + (replicate k 6.0)){{$}}

-- f32 arithmetic is done in f32 (0.1f32 * 3 is 0.3f32, not 0.30000000000000004).
entry singles(x: f32) = x + f32(0.1) * f32(3.0)
-- INPUTS(singles): 1.5
-- CHECK-LABEL: entry singles (
-- CHECK-SAME: [[X:x_[0-9]+]] : f32) =
-- CHECK-NEXT: {{^  }}[[X]] + 0.3f32{{$}}

-- Comparisons and logic fold to booleans (and the cond then picks a branch).
entry booleans(x: f64) = if 2.0 < 3.0 && !(1 == 2) then x else -x
-- INPUTS(booleans): 0.5
-- CHECK-LABEL: entry booleans (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}[[X]]{{$}}
