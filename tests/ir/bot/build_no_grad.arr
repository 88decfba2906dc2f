-- noGrad is elementwise like a unary op: build1 k (\i. noGrad t) ~> noGrad (build1 k (\i. t)).
entry f(a: [k]f64) = build([k], \i -> noGrad(a[i]))
-- CHECK-LABEL: entry f (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}noGrad (gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]])){{$}}

entry g(a: [k]f64, b: [k]f64) = build([k], \i -> a[i] * noGrad(exp(b[i])))
-- CHECK-LABEL: entry g (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[B:b_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}(gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]])) * (noGrad (exp (gather [k] [[B]] (\[[[I]]] -> [[[I]]])))){{$}}
