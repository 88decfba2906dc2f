-- Fig. 9, build1 of a binary operator:
-- build1 k (\i. op t u) ~> op (build1 k (\i. t)) (build1 k (\i. u)).
entry sub(a: [k]f64, b: [k]f64) = build([k], \i -> a[i] - b[i])
-- CHECK-LABEL: entry sub (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[B:b_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}(gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]])) - (gather [k] [[B]] (\[[[I]]] -> [[[I]]])){{$}}

-- A prefix binary built-in and a comparison (bool result).
entry larger(a: [k]f64, b: [k]f64) = build([k], \i -> max(a[i], b[i]))
-- CHECK-LABEL: entry larger (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[B:b_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}max (gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]])) (gather [k] [[B]] (\[[[I]]] -> [[[I]]])){{$}}

entry less(a: [k]f64, b: [k]f64) = build([k], \i -> a[i] < b[i])
-- CHECK-LABEL: entry less (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[B:b_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}(gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]])) < (gather [k] [[B]] (\[[[I]]] -> [[[I]]])){{$}}

-- One operand independent of the index: replicated.
entry axpy(a: [k]f64, b: [k]f64, s: f64) = build([k], \i -> s * a[i] + b[i])
-- CHECK-LABEL: entry axpy (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[B:b_[0-9]+]] : [k]f64, [[S:s_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}((replicate k [[S]]) * (gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]]))) + (gather [k] [[B]] (\[[[I]]] -> [[[I]]])){{$}}
