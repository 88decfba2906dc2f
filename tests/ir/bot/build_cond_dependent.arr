-- Fig. 9, build1 of cond whose condition mentions the index (strict cond):
-- build1 k (\i. cond b u v) ~> build1 k (\i. index [u, v] [cond b 0 1])
-- and then Fig. 11 (build1 of index of an array literal):
-- ~> gather [k] (build1 k (\i. [u, v])) (\[i]. [i, cond b 0 1])
-- ~> gather [k] (tr [1, 0] [build1 k (\i. u), build1 k (\i. v)]) (\[i]. [i, cond b 0 1]).
-- The condition stays inside the gather's index function.
entry relu(a: [k]f64) = build([k], \i -> if a[i] > 0.0 then a[i] else 0.0)
-- CHECK-LABEL: entry relu (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}gather [k] (tr [1, 0] [gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]]), replicate k 0.0]) (\[[[I]]] -> [[[I]], cond ((index [[A]] [[[I]]]) > 0.0) 0 1]){{$}}

-- Rows as branches: the pair is [2,k,n], transposed to [k,2,n].
entry rows(a: [k]f64, m: [k,n]f64, c: [n]f64) = build([k], \i -> if a[i] > 0.0 then m[i] else c)
-- CHECK-LABEL: entry rows (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[M:m_[0-9]+]] : [k,n]f64, [[C:c_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}gather [k] (tr [1, 0] [gather [k] [[M]] (\[[[I:i_[0-9]+]]] -> [[[I]]]), replicate k [[C]]]) (\[[[I]]] -> [[[I]], cond ((index [[A]] [[[I]]]) > 0.0) 0 1]){{$}}

-- Branches independent of the index: build1 of the literal is not needed, the
-- gather reads the literal itself, [1.0, -1.0][cond b 0 1] for each i
-- (equivalent to the paper's gather over tr [replicate k 1.0, replicate k -1.0]).
entry signs(a: [k]f64) = build([k], \i -> if a[i] > 0.0 then 1.0 else -1.0)
-- CHECK-LABEL: entry signs (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}gather [k] [1.0, -1.0] (\[[[I:i_[0-9]+]]] -> [cond ((index [[A]] [[[I]]]) > 0.0) 0 1]){{$}}
