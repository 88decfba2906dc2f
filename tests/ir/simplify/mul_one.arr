-- ARGS: --dump-after=simplify --verify-ir
-- x * 1 = x and 1 * x = x, exactly in IEEE arithmetic (nan, inf and -0.0 too).
entry main(x: [k]f64, s: f64) = [x * 1.0, 1.0 * x, (x * s) * 1.0, x * (2.0 - 1.0)]
-- INPUTS: [-0.0, inf, 1.5] 0.5
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[X:x_[0-9]+]] : [k]f64, [[S:s_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}[[[X]], [[X]], [[X]] * (replicate k [[S]]), [[X]]]{{$}}

entry scalar(x: f64) = x * 1.0 + 1.0 * exp(x)
-- INPUTS(scalar): -0.0
-- CHECK-LABEL: entry scalar (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}[[X]] + (exp [[X]]){{$}}

entry singles(x: f32) = x * 1.0 - 1.0 * x
-- INPUTS(singles): 2.5
-- CHECK-LABEL: entry singles (
-- CHECK-SAME: [[X:x_[0-9]+]] : f32) =
-- CHECK-NEXT: {{^  }}[[X]] - [[X]]{{$}}

entry integers(j: i64) = j * 1 + 1 * (j * 3)
-- INPUTS(integers): -7
-- CHECK-LABEL: entry integers (
-- CHECK-SAME: [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}[[J]] + ([[J]] * 3){{$}}

-- Not an identity: x * -1.0 stays.
entry minus(x: f64) = x * (-1.0)
-- INPUTS(minus): 2.0
-- CHECK-LABEL: entry minus (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}[[X]] * (-1.0){{$}}
