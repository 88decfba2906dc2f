-- ARGS: --dump-after=simplify --verify-ir
-- x / 1 = x, exactly (IEEE division; integer floor division).
entry main(x: [k]f64) = x / 1.0
-- INPUTS: [-0.0, inf, nan, 1.5]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[X:x_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}[[X]]{{$}}

entry integers(j: i64) = j / 1 + (j * 2) / (3 - 2)
-- INPUTS(integers): -7
-- CHECK-LABEL: entry integers (
-- CHECK-SAME: [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}[[J]] + ([[J]] * 2){{$}}

-- Not the identity: 1 / x stays.
entry reciprocal(x: f64) = 1.0 / x
-- INPUTS(reciprocal): -0.0
-- CHECK-LABEL: entry reciprocal (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}1.0 / [[X]]{{$}}
