-- ARGS: --dump-after=simplify --verify-ir
-- x + 0.0 is NOT x for floats: -0.0 + 0.0 is +0.0. Neither is 0.0 + x.
entry main(x: [k]f64) = x + 0.0
-- INPUTS: [-0.0, 0.0, 1.5]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[X:x_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}[[X]] + (replicate k 0.0){{$}}

entry left(x: f64) = 0.0 + x
-- INPUTS(left): -0.0
-- CHECK-LABEL: entry left (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}0.0 + [[X]]{{$}}

-- A +0.0 made by folding (1.0 - 1.0) is not dropped either.
entry folded(x: f64) = x + (1.0 - 1.0)
-- INPUTS(folded): -0.0
-- CHECK-LABEL: entry folded (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}[[X]] + 0.0{{$}}

entry singles(x: f32) = x + 0.0
-- INPUTS(singles): -0.0
-- CHECK-LABEL: entry singles (
-- CHECK-SAME: [[X:x_[0-9]+]] : f32) =
-- CHECK-NEXT: {{^  }}[[X]] + 0.0f32{{$}}
