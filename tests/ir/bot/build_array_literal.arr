-- Fig. 9, build1 of an array literal:
-- build1 k (\i. [t1, ..., tn]) ~> tr [1, 0] [build1 k (\i. t1), ..., build1 k (\i. tn)].
entry triple(a: [k]f64, b: [k]f64) = build([k], \i -> [a[i], b[i], 1.0])
-- CHECK-LABEL: entry triple (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[B:b_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}tr [1, 0] [gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]]), gather [k] [[B]] (\[[[I]]] -> [[[I]]]), replicate k 1.0]{{$}}

-- Elements that are rows: [2,k,n] transposed to [k,2,n]. The lowering made
-- `c[i] * 2.0` into `index c [i] * replicate n 2.0`, which does not mention i
-- and is replicated as a whole.
entry pairs(m: [k,n]f64, c: [k,n]f64) = build([k], \i -> [m[i], c[i] * 2.0])
-- CHECK-LABEL: entry pairs (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64, [[C:c_[0-9]+]] : [k,n]f64) =
-- CHECK-NEXT: {{^  }}tr [1, 0] [gather [k] [[M]] (\[[[I:i_[0-9]+]]] -> [[[I]]]), (gather [k] [[C]] (\[[[I]]] -> [[[I]]])) * (replicate k (replicate n 2.0))]{{$}}
