-- Fig. 9, build1 of gather:
-- build1 k (\i. gather sh t (\is. ix)) ~> gather (k ::: sh) (build1 k (\i. t)) (\(i ::: is). i ::: ix).
-- Here t = m[i], whose build is the identity gather, and the index function
-- reverses each row.
entry rev(m: [k,n]f64) = build([k], \i -> gather([n], m[i], \j -> [n - 1 - j]))
-- CHECK-LABEL: entry rev (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64) =
-- CHECK-NEXT: {{^  }}gather [k, n] (gather [k] [[M]] (\[[[I:i_[0-9]+]]] -> [[[I]]])) (\[[[I]], [[J:j_[0-9]+]]] -> [[[I]], ((size n) - 1) - [[J]]]){{$}}

-- When t does not mention i the paper's rule gives
--   gather [k, n] (replicate k a) (\[i, j]. [i, i + j]),
-- which reads a[i + j] for every i in range; arrc gathers from a directly
-- (the same array, without the replicate).
entry windows(a: [n]f64, b: [k]f64) = build([k], \i -> gather([n], a, \j -> [i + j]))
-- CHECK-LABEL: entry windows (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64, {{.*}}) =
-- CHECK-NEXT: {{^  }}gather [k, n] [[A]] (\[[[I:i_[0-9]+]], [[J:j_[0-9]+]]] -> [[[I]] + [[J]]]){{$}}
