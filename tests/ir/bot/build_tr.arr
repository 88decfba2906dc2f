-- Fig. 9, build1 of tr: build1 k (\i. tr [b0, ..., bn] t) ~> tr [0, b0+1, ..., bn+1] (build1 k (\i. t)).
entry swap(m: [k,n,p]f64) = build([k], \i -> tr([1, 0], m[i]))
-- CHECK-LABEL: entry swap (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n,p]f64) =
-- CHECK-NEXT: {{^  }}tr [0, 2, 1] (gather [k] [[M]] (\[[[I:i_[0-9]+]]] -> [[[I]]])){{$}}

entry rotate(m: [k,n,p,q]f64) = build([k], \i -> tr([2, 0, 1], m[i]))
-- CHECK-LABEL: entry rotate (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n,p,q]f64) =
-- CHECK-NEXT: {{^  }}tr [0, 3, 1, 2] (gather [k] [[M]] (\[[[I:i_[0-9]+]]] -> [[[I]]])){{$}}
