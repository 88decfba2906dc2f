-- index of maxOuter, the analogue of Fig. 10's sumOuter rule:
-- index (maxOuter t) ix ~> maxOuter (index (tr [1, ..., n, 0] t) ix).
-- Inside a build over n the index is in range and needs no guard.
entry columns(x: [k,n]f64) = build([n], \i -> maxOuter(x)[i])
-- CHECK-LABEL: entry columns (
-- CHECK-SAME: [[X:x_[0-9]+]] : [k,n]f64) =
-- CHECK-NEXT: {{^  }}maxOuter (tr [1, 0] (gather [n, k] [[X]] (\[[[I:i_[0-9]+]], [[T:t_[0-9]+]]] -> [[[T]], [[I]]]))){{$}}

-- A possibly out-of-range index over a non-empty reduced dimension: the
-- maximum of the zeros the guard substitutes is 0, the value of an
-- out-of-range read. (With a reduced dimension that may be empty this is not
-- so: see totality_max_outer.arr.)
entry outside(x: [3,n]f64, i: i64) = maxOuter(x)[i]
-- CHECK-LABEL: entry outside (
-- CHECK-SAME: [[X:x_[0-9]+]] : [3,n]f64, [[I:i_[0-9]+]] : i64) =
-- The guard is outside the maximum (the maximum of zero rows is -inf, not 0);
-- the inner one, from reading the transposition, is redundant but harmless.
-- CHECK-NEXT: {{^  }}cond ((0 <= [[I]]) && ([[I]] < (size n))) (maxOuter (cond ((0 <= [[I]]) && ([[I]] < (size n))) (gather [3] [[X]] (\[[[T:t_[0-9]+]]] -> [[[T]], [[I]]])) (replicate 3 0.0))) 0.0{{$}}
