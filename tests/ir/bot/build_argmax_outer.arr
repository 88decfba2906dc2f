-- argmaxOuter, the analogue of Fig. 9's sumOuter rule:
-- build1 k (\i. argmaxOuter t) ~> argmaxOuter (tr [1, 0] (build1 k (\i. t))).
entry rows(m: [k,n]f64) = build([k], \i -> argmaxOuter(m[i]))
-- CHECK-LABEL: entry rows (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64) =
-- CHECK-NEXT: {{^  }}argmaxOuter (tr [1, 0] (gather [k] [[M]] (\[[[I:i_[0-9]+]]] -> [[[I]]]))){{$}}

-- On a rank-3 element: tr [1, 0] swaps only the two outer dimensions.
entry planes(t: [k,n,p]f64) = build([k], \i -> argmaxOuter(t[i]))
-- CHECK-LABEL: entry planes (
-- CHECK-SAME: [[T:t_[0-9]+]] : [k,n,p]f64) =
-- CHECK-NEXT: {{^  }}argmaxOuter (tr [1, 0] (gather [k] [[T]] (\[[[I:i_[0-9]+]]] -> [[[I]]]))){{$}}
