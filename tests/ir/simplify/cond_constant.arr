-- ARGS: --dump-after=simplify --verify-ir
-- cond true a b = a and cond false a b = b (both branches are pure and total,
-- so the one not taken can go).
entry main(x: f64) = if true then x else exp(x)
-- INPUTS: 2.0
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}[[X]]{{$}}

entry false_branch(x: f64) = if false then x else exp(x)
-- INPUTS(false_branch): 2.0
-- CHECK-LABEL: entry false_branch (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}exp [[X]]{{$}}

-- A condition that folds, in a build, with array branches.
entry folded(a: [k]f64, b: [k]f64) = build([k], \i -> if 3 < 2 then a else b)
-- INPUTS(folded): [1.0, 2.0] [3.0, 4.0]
-- CHECK-LABEL: entry folded (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[B:b_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}build1 k (\[[I:i_[0-9]+]] -> [[B]]){{$}}

-- Not constant: stays.
entry variable(x: f64) = if x > 0.0 then x else exp(x)
-- INPUTS(variable): -2.0
-- CHECK-LABEL: entry variable (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}cond ([[X]] > 0.0) [[X]] (exp [[X]]){{$}}
