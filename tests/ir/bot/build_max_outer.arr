-- maxOuter, the analogue of Fig. 9's sumOuter rule:
-- build1 k (\i. maxOuter t) ~> maxOuter (tr [1, 0] (build1 k (\i. t))).
entry rows(m: [k,n]f64) = build([k], \i -> maxOuter(m[i]))
-- CHECK-LABEL: entry rows (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64) =
-- CHECK-NEXT: {{^  }}maxOuter (tr [1, 0] (gather [k] [[M]] (\[[[I:i_[0-9]+]]] -> [[[I]]]))){{$}}

entry shifted(m: [k,n]f64, x: [n]f64) = build([k], \i -> maxOuter(m[i] - x))
-- CHECK-LABEL: entry shifted (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64, [[X:x_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}maxOuter (tr [1, 0] ((gather [k] [[M]] (\[[[I:i_[0-9]+]]] -> [[[I]]])) - (replicate k [[X]]))){{$}}
