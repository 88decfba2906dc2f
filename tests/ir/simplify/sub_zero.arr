-- ARGS: --dump-after=simplify --verify-ir
-- x - 0 = x, exactly: also -0.0 - 0.0 = -0.0.
entry main(x: [k]f64) = x - 0.0
-- INPUTS: [-0.0, 0.0, inf, 1.5]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[X:x_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}[[X]]{{$}}

entry integers(j: i64) = (j * 3) - 0
-- INPUTS(integers): -7
-- CHECK-LABEL: entry integers (
-- CHECK-SAME: [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}[[J]] * 3{{$}}

-- NOT simplified: x - (-0.0) is x + 0.0, which turns -0.0 into +0.0.
entry minus_zero(x: f64) = x - (-0.0)
-- INPUTS(minus_zero): -0.0
-- CHECK-LABEL: entry minus_zero (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}[[X]] - {{\(-0.0\)|-0.0}}{{$}}

-- NOT simplified: 0.0 - x is not -x (0.0 - 0.0 is +0.0, -(0.0) is -0.0).
entry zero_minus(x: f64) = 0.0 - x
-- INPUTS(zero_minus): 0.0
-- CHECK-LABEL: entry zero_minus (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}0.0 - [[X]]{{$}}
