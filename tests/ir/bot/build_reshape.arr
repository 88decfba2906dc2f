-- Fig. 9, build1 of reshape: build1 k (\i. reshape sh t) ~> reshape (k ::: sh) (build1 k (\i. t)).
entry flatten(m: [k,n,p]f64) = build([k], \i -> reshape([n * p], m[i]))
-- CHECK-LABEL: entry flatten (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n,p]f64) =
-- CHECK-NEXT: {{^  }}reshape [k, n*p] (gather [k] [[M]] (\[[[I:i_[0-9]+]]] -> [[[I]]])){{$}}

entry split(a: [k,6]f64) = build([k], \i -> reshape([2, 3], exp(a[i])))
-- CHECK-LABEL: entry split (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k,6]f64) =
-- CHECK-NEXT: {{^  }}reshape [k, 2, 3] (exp (gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]]))){{$}}
