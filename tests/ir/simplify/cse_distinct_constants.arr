-- ARGS: --dump-after=simplify --verify-ir
-- The hash consing must not merge different constants: every bit of a float
-- constant counts (here constants that agree to six decimals), and so does
-- the sign of zero.
entry main(x: f64, y: f64) = x * 1e-7 + y * 2e-7
-- INPUTS: 1.0 1.0
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64, [[Y:y_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}([[X]] * 1e-07) + ([[Y]] * 2e-07){{$}}

entry close(x: f64, y: f64) = x * 0.1 + y * 0.1000001
-- INPUTS(close): 1.0 1.0
-- CHECK-LABEL: entry close (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64, [[Y:y_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}([[X]] * 0.1) + ([[Y]] * 0.1000001){{$}}

entry singles(x: f32, y: f32) = x * 1e-7 + y * 2e-7
-- INPUTS(singles): 1.0 1.0
-- CHECK-LABEL: entry singles (
-- CHECK-SAME: [[X:x_[0-9]+]] : f32, [[Y:y_[0-9]+]] : f32) =
-- CHECK-NEXT: {{^  }}([[X]] * 1e-07f32) + ([[Y]] * 2e-07f32){{$}}

entry zeros(x: f64, y: f64) = max(x, 0.0) + min(y, -0.0)
-- INPUTS(zeros): -0.0 0.0
-- CHECK-LABEL: entry zeros (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64, [[Y:y_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}(max [[X]] 0.0) + (min [[Y]] {{\(-0.0\)|-0.0}}){{$}}
