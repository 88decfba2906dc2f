-- ARGS: --dump-after=simplify --verify-ir
-- cond c a a = a.
entry main(x: f64) = if x > 0.0 then x else x
-- INPUTS: -2.0
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}[[X]]{{$}}

-- Both branches are the same (shared) let-bound value.
entry shared(x: [k]f64, c: bool) = let y = exp(x) in if c then y else y
-- INPUTS(shared): [0.0, 1.0] false
-- CHECK-LABEL: entry shared (
-- CHECK-SAME: [[X:x_[0-9]+]] : [k]f64, [[C:c_[0-9]+]] : bool) =
-- CHECK-NEXT: {{^  }}exp [[X]]{{$}}

-- Different branches: stays.
entry different(x: f64) = if x > 0.0 then x else -x
-- INPUTS(different): -2.0
-- CHECK-LABEL: entry different (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}cond ([[X]] > 0.0) [[X]] (-[[X]]){{$}}
