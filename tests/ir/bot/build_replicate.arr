-- Fig. 9, build1 of replicate:
-- build1 k (\i. replicate n t) ~> tr [1, 0] (replicate n (build1 k (\i. t))).
entry f(a: [k]f64, v: [n]f64) = build([k], \i -> replicate(n, a[i]))
-- CHECK-LABEL: entry f (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, {{.*}}) =
-- CHECK-NEXT: {{^  }}tr [1, 0] (replicate n (gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]]))){{$}}

-- Replicated rows: [3,k,n] transposed to [k,3,n].
entry rows(m: [k,n]f64) = build([k], \i -> replicate(3, m[i]))
-- CHECK-LABEL: entry rows (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64) =
-- CHECK-NEXT: {{^  }}tr [1, 0] (replicate 3 (gather [k] [[M]] (\[[[I:i_[0-9]+]]] -> [[[I]]]))){{$}}
