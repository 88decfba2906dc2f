-- Fig. 10, index of tr: index (tr [b0, ..., bk] t) ix ~> index (gather sh t (\[i_b0, ..., i_bk]. [i0, ..., ik])) ix,
-- then index of gather (below) substitutes the indices into its index function.
--   index (tr [1, 0] m) [i, j] ~> index (gather [n, k] m (\[a, b]. [b, a])) [i, j]
--                              ~> index m [j, i]      guarded by i < n, j < k.
entry both(m: [k,n]f64, i: i64, j: i64) = tr([1, 0], m)[i, j]
-- CHECK-LABEL: entry both (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64, [[I:i_[0-9]+]] : i64, [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}cond ((0 <= [[I]]) && ([[I]] < (size n))) (cond ((0 <= [[J]]) && ([[J]] < (size k))) (index [[M]] [[[J]], [[I]]]) 0.0) 0.0{{$}}

-- One index: a column, the gather keeps the remaining dimension.
entry column(m: [k,n]f64, i: i64) = tr([1, 0], m)[i]
-- CHECK-LABEL: entry column (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}cond ((0 <= [[I]]) && ([[I]] < (size n))) (gather [k] [[M]] (\[[[T:t_[0-9]+]]] -> [[[T]], [[I]]])) (replicate k 0.0){{$}}

-- In a build over n the column index is in range.
entry columns(m: [k,n]f64) = build([n], \i -> exp(tr([1, 0], m)[i]))
-- CHECK-LABEL: entry columns (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64) =
-- CHECK-NEXT: {{^  }}exp (gather [n, k] [[M]] (\[[[I:i_[0-9]+]], [[T:t_[0-9]+]]] -> [[[T]], [[I]]])){{$}}

-- A three-dimensional permutation: result dimension q is input dimension p_q,
-- so tr [2, 0, 1] x has shape [p, 4, 5] and element [a, b, c] is x[b, c, a].
-- The constant indices are in range of the constant extents: no guard.
entry rotate(x: [4,5,p]f64) = build([p], \a -> tr([2, 0, 1], x)[a, 1, 2])
-- CHECK-LABEL: entry rotate (
-- CHECK-SAME: [[X:x_[0-9]+]] : [4,5,p]f64) =
-- CHECK-NEXT: {{^  }}gather [p] [[X]] (\[[[A:a_[0-9]+]]] -> [1, 2, [[A]]]){{$}}
