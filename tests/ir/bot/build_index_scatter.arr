-- Fig. 11, build1 of index of a scatter:
-- build1 k (\i. index (scatter sh t (\is2. ix2)) ix) ~>(|ix|>0)
--     gather (k :: sh) (build1 k (\i. scatter sh t (\is2. ix2))) (\[i]. i :: ix)
-- with build1 of the scatter by Fig. 9.
entry histogram(m: [k,p]f64, idx: [p]i64, v: [n]f64) = build([k], \i -> scatter([n], m[i], \j -> [idx[j]])[0])
-- CHECK-LABEL: entry histogram (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,p]f64, [[IDX:idx_[0-9]+]] : [p]i64, {{.*}}) =
-- CHECK-NEXT: {{^  }}gather [k] (scatter [k, n] (gather [k] [[M]] (\[[[I:i_[0-9]+]]] -> [[[I]]])) (\[[[I]], [[J:j_[0-9]+]]] -> [[[I]], index [[IDX]] [[[J]]]])) (\[[[I]]] -> [[[I]], 0]){{$}}

-- A scatter that does not mention i is computed once and gathered from, as
-- for a variable. (The paper's scatter rule would gather from
-- replicate k (scatter ...) with index [i, i % n]: the same array.)
entry shared(w: [p]f64, idx: [p]i64, v: [n]f64, a: [k]f64) = build([k], \i -> scatter([n], w, \j -> [idx[j]])[i % n])
-- CHECK-LABEL: entry shared (
-- CHECK-SAME: [[W:w_[0-9]+]] : [p]f64, [[IDX:idx_[0-9]+]] : [p]i64, {{.*}}) =
-- CHECK-NEXT: {{^  }}gather [k] (scatter [n] [[W]] (\[[[J:j_[0-9]+]]] -> [index [[IDX]] [[[J]]]])) (\[[[I:i_[0-9]+]]] -> [[[I]] % (size n)]){{$}}
