-- Fig. 9, build1 of scatter:
-- build1 k (\i. scatter sh t (\is. ix)) ~> scatter (k ::: sh) (build1 k (\i. t)) (\(i ::: is). i ::: ix).
entry rows(m: [k,p]f64, idx: [p]i64, v: [n]f64) = build([k], \i -> scatter([n], m[i], \j -> [idx[j]]))
-- CHECK-LABEL: entry rows (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,p]f64, [[IDX:idx_[0-9]+]] : [p]i64, {{.*}}) =
-- CHECK-NEXT: {{^  }}scatter [k, n] (gather [k] [[M]] (\[[[I:i_[0-9]+]]] -> [[[I]]])) (\[[[I]], [[J:j_[0-9]+]]] -> [[[I]], index [[IDX]] [[[J]]]]){{$}}

-- The source does not mention i but the targets do: the source is replicated
-- (scatter adds, so unlike gather it cannot share one source for all rows).
entry shifts(w: [p]f64, idx: [p]i64, v: [n]f64, a: [k]f64) = build([k], \i -> scatter([n], w, \j -> [idx[j] + i]))
-- CHECK-LABEL: entry shifts (
-- CHECK-SAME: [[W:w_[0-9]+]] : [p]f64, [[IDX:idx_[0-9]+]] : [p]i64, {{.*}}) =
-- CHECK-NEXT: {{^  }}scatter [k, n] (replicate k [[W]]) (\[[[I:i_[0-9]+]], [[J:j_[0-9]+]]] -> [[[I]], (index [[IDX]] [[[J]]]) + [[I]]]){{$}}
