-- ARGS: --dump-after=simplify --verify-ir
-- x - x is NOT 0.0 for floats: inf - inf and nan - nan are nan.
entry main(x: [k]f64) = x - x
-- INPUTS: [inf, nan, -1.0]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[X:x_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}[[X]] - [[X]]{{$}}

-- The same through a let of a non-trivial value.
entry shared(x: f64) = let y = exp(x) in y - y
-- INPUTS(shared): 1000.0
-- CHECK-LABEL: entry shared (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}let [[Y:y_[0-9]+]] : f64 = exp [[X]] in
-- CHECK-NEXT: {{^  }}[[Y]] - [[Y]]{{$}}
