-- ARGS: --dump-after=simplify --verify-ir
-- cond c a a = a also when the branches are equal expressions that are not one
-- shared node: the hash consing (CSE) makes them one node, so the rule should
-- see them as equal.
entry main(x: f64) = if x > 0.0 then exp(x) else exp(x)
-- INPUTS: -2.0
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}exp [[X]]{{$}}

-- Inside a build, branches that read the same element.
entry rows(a: [k]f64, b: [k]f64) = build([k], \i -> if b[i] > 0.0 then a[i] * 2.0 else a[i] * 2.0)
-- INPUTS(rows): [1.0, 2.0] [-1.0, 1.0]
-- CHECK-LABEL: entry rows (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[B:b_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}build1 k (\[[I:i_[0-9]+]] -> (index [[A]] [[[I]]]) * 2.0){{$}}
