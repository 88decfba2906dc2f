-- ARGS: --dump-after=simplify --verify-ir
-- x + (-0.0) = x, exactly (-0.0 + -0.0 is -0.0, +0.0 + -0.0 is +0.0).
entry main(x: [k]f64) = x + (-0.0)
-- INPUTS: [-0.0, 0.0, inf, nan, 1.5]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[X:x_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}[[X]]{{$}}

-- The -0.0 may come from folding: -(0.0) and 0.0 * -1.0 are -0.0.
entry folded(x: f64) = x + -(0.0) + 0.0 * (-1.0)
-- INPUTS(folded): -0.0
-- CHECK-LABEL: entry folded (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}[[X]]{{$}}

entry singles(x: f32) = x + (-0.0)
-- INPUTS(singles): -0.0
-- CHECK-LABEL: entry singles (
-- CHECK-SAME: [[X:x_[0-9]+]] : f32) =
-- CHECK-NEXT: {{^  }}[[X]]{{$}}
