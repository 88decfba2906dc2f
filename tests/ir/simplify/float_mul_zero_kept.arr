-- ARGS: --dump-after=simplify --verify-ir
-- 0.0 * x and x * 0.0 are NOT 0.0 for floats: inf * 0.0 and nan * 0.0 are nan,
-- and -1.0 * 0.0 is -0.0.
entry main(x: [k]f64) = 0.0 * x
-- INPUTS: [inf, nan, -1.0, 2.0]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[X:x_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}(replicate k 0.0) * [[X]]{{$}}

entry right(x: f64) = x * 0.0
-- INPUTS(right): -1.0
-- CHECK-LABEL: entry right (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}[[X]] * 0.0{{$}}

entry inf(x: f64) = (1.0 / x) * 0.0
-- INPUTS(inf): 0.0
-- CHECK-LABEL: entry inf (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}(1.0 / [[X]]) * 0.0{{$}}
