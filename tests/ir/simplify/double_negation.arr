-- ARGS: --dump-after=simplify --verify-ir
-- -(-x) = x and !!b = b, exactly (also for -0.0, nan and the smallest i64).
entry main(x: [k]f64) = -(-x)
-- INPUTS: [-0.0, nan, 1.5]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[X:x_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}[[X]]{{$}}

entry not(b: [k]bool) = !(!b)
-- INPUTS(not): [true, false]
-- CHECK-LABEL: entry not (
-- CHECK-SAME: [[B:b_[0-9]+]] : [k]bool) =
-- CHECK-NEXT: {{^  }}[[B]]{{$}}

entry integers(j: i64) = -(-(j * 2))
-- INPUTS(integers): -4611686018427387904
-- CHECK-LABEL: entry integers (
-- CHECK-SAME: [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}[[J]] * 2{{$}}

-- Three negations are one.
entry three(x: f64) = -(-(-x))
-- INPUTS(three): 2.5
-- CHECK-LABEL: entry three (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}-[[X]]{{$}}

-- Not a double negation: abs(-x) stays.
entry other(x: f64) = abs(-x)
-- INPUTS(other): 2.5
-- CHECK-LABEL: entry other (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}abs (-[[X]]){{$}}
