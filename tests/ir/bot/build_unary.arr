-- Fig. 9, build1 of a unary operator: build1 k (\i. op t) ~> op (build1 k (\i. t)).
entry ex(a: [k]f64) = build([k], \i -> exp(a[i]))
-- CHECK-LABEL: entry ex (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}exp (gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]])){{$}}

entry negate(a: [k]f64) = build([k], \i -> -a[i])
-- CHECK-LABEL: entry negate (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}-(gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]])){{$}}

-- Nested unary operators, and a conversion to another element type.
entry nested(a: [k]f64) = build([k], \i -> i64(sqrt(abs(a[i]))))
-- CHECK-LABEL: entry nested (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}i64 (sqrt (abs (gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]])))){{$}}
