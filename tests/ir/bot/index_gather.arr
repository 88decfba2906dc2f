-- Fig. 10, index of gather:
-- index (gather (k :: sh) t (\(i :: is). ix)) (u :: ix') ~> index (gather sh t (\is. let i = u in ix)) ix'
-- index (gather [] t (\[]. ix)) ix' ~> index (index t ix) ix'
-- arrc substitutes u for i instead of binding it, and guards the dropped
-- position u against k (an out-of-range gather index reads zeros).
entry lookup(a: [k]f64, idx: [p]i64, i: i64) = gather([p], a, \j -> [idx[j]])[i]
-- CHECK-LABEL: entry lookup (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[IDX:idx_[0-9]+]] : [p]i64, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}cond ((0 <= [[I]]) && ([[I]] < (size p))) (index [[A]] [index [[IDX]] [[[I]]]]) 0.0{{$}}

-- Two-dimensional gather indexed once: a one-dimensional gather remains.
entry row(m: [k,n]f64, i: i64) = gather([n, k], m, \r c -> [c, r])[i]
-- CHECK-LABEL: entry row (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}cond ((0 <= [[I]]) && ([[I]] < (size n))) (gather [k] [[M]] (\[[[C:c_[0-9]+]]] -> [[[C]], [[I]]])) (replicate k 0.0){{$}}

-- Indexed twice: both positions substituted, both guarded.
entry element(m: [k,n]f64, i: i64, j: i64) = gather([n, k], m, \r c -> [c, r])[i, j]
-- CHECK-LABEL: entry element (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64, [[I:i_[0-9]+]] : i64, [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}cond ((0 <= [[I]]) && ([[I]] < (size n))) (cond ((0 <= [[J]]) && ([[J]] < (size k))) (index [[M]] [[[J]], [[I]]]) 0.0) 0.0{{$}}

-- A build over the gather's extent: no guard, and the build of the resulting
-- index of a variable is a gather again (Fig. 11).
entry same(a: [k]f64, idx: [p]i64) = build([p], \i -> gather([p], a, \j -> [idx[j]])[i])
-- CHECK-LABEL: entry same (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[IDX:idx_[0-9]+]] : [p]i64) =
-- CHECK-NEXT: {{^  }}gather [p] [[A]] (\[[[I:i_[0-9]+]]] -> [index [[IDX]] [[[I]]]]){{$}}
