-- ARGS: --dump-after=unshare --verify-ir
-- Common-subexpression elimination by hash consing: structurally equal nodes
-- become one node. The printed IR of the simplifier is a tree, so the sharing
-- is observed after the `unshare` pass, which binds every node used more than
-- once to a let (for programs without differentiation, nothing else runs
-- between the simplifier and unshare).

-- Two separate computations of exp(x) * 2.0 become one.
entry main(x: f64) = exp(x) * 2.0 + exp(x) * 2.0
-- INPUTS: 0.5
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}let [[S:[a-z]+_[0-9]+]] : f64 = (exp [[X]]) * 2.0 in
-- CHECK-NEXT: {{^  }}[[S]] + [[S]]{{$}}

-- Arrays, and an equal subterm of the two (a + b).
entry arrays(a: [k]f64, b: [k]f64) = (a + b) * (a + b) - exp(a + b)
-- INPUTS(arrays): [1.0, 2.0] [0.5, -3.0]
-- CHECK-LABEL: entry arrays (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[B:b_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}let [[S:[a-z]+_[0-9]+]] : [k]f64 = [[A]] + [[B]] in
-- CHECK-NEXT: {{^  }}([[S]] * [[S]]) - (exp [[S]]){{$}}

-- Different constants are different nodes: 2.0 and 3.0 are not shared.
entry constants(x: f64) = exp(x) * 2.0 + exp(x) * 3.0
-- INPUTS(constants): 0.5
-- CHECK-LABEL: entry constants (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}let [[S:[a-z]+_[0-9]+]] : f64 = exp [[X]] in
-- CHECK-NEXT: {{^  }}([[S]] * 2.0) + ([[S]] * 3.0){{$}}

-- Equal operations of different element types are different nodes.
entry types(x: f64, y: f32) = f64(f32(x) + 1.0) + f64(y + 1.0)
-- INPUTS(types): 0.1 0.1
-- CHECK-LABEL: entry types (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64, [[Y:y_[0-9]+]] : f32) =
-- CHECK-NEXT: {{^  }}(f64 ((f32 [[X]]) + 1.0f32)) + (f64 ([[Y]] + 1.0f32)){{$}}
