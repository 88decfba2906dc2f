-- Fig. 11, build1 of index of a variable: build1 k (\i. index x ix) ~> gather (k :: sh) x (\[i]. ix).
entry lookup(a: [k]f64, idx: [p]i64) = build([p], \i -> a[idx[i]])
-- CHECK-LABEL: entry lookup (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[IDX:idx_[0-9]+]] : [p]i64) =
-- CHECK-NEXT: {{^  }}gather [p] [[A]] (\[[[I:i_[0-9]+]]] -> [index [[IDX]] [[[I]]]]){{$}}

-- Fewer indices than the rank: rows are gathered, the result is [p,n].
entry rows(m: [k,n]f64, idx: [p]i64) = build([p], \i -> m[idx[i]])
-- CHECK-LABEL: entry rows (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64, [[IDX:idx_[0-9]+]] : [p]i64) =
-- CHECK-NEXT: {{^  }}gather [p] [[M]] (\[[[I:i_[0-9]+]]] -> [index [[IDX]] [[[I]]]]){{$}}

entry twoindices(m: [k,n]f64, idx: [p]i64) = build([p], \i -> m[idx[i], i % n])
-- CHECK-LABEL: entry twoindices (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64, [[IDX:idx_[0-9]+]] : [p]i64) =
-- CHECK-NEXT: {{^  }}gather [p] [[M]] (\[[[I:i_[0-9]+]]] -> [index [[IDX]] [[[I]]], [[I]] % (size n)]){{$}}

-- A stencil: the neighbour read is a shifted gather (out-of-range reads are the
-- gather's own business, no guard).
entry neighbours(a: [k]f64) = build([k], \i -> a[i + 1] - a[i])
-- CHECK-LABEL: entry neighbours (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}(gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]] + 1])) - (gather [k] [[A]] (\[[[I]]] -> [[[I]]])){{$}}
