-- index of argmaxOuter, the analogue of Fig. 10's sumOuter rule:
-- index (argmaxOuter t) ix ~> argmaxOuter (index (tr [1, ..., n, 0] t) ix).
entry columns(x: [k,n]f64) = build([n], \i -> argmaxOuter(x)[i])
-- CHECK-LABEL: entry columns (
-- CHECK-SAME: [[X:x_[0-9]+]] : [k,n]f64) =
-- CHECK-NEXT: {{^  }}argmaxOuter (tr [1, 0] (gather [n, k] [[X]] (\[[[I:i_[0-9]+]], [[T:t_[0-9]+]]] -> [[[T]], [[I]]]))){{$}}

-- Out of range, the argmax of the guard's zeros is 0, as an out-of-range read.
entry outside(x: [k,n,p]f64, i: i64, j: i64) = argmaxOuter(x)[i, j]
-- CHECK-LABEL: entry outside (
-- CHECK-SAME: [[X:x_[0-9]+]] : [k,n,p]f64, [[I:i_[0-9]+]] : i64, [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}argmaxOuter (cond ((0 <= [[I]]) && ([[I]] < (size n))) (cond ((0 <= [[J]]) && ([[J]] < (size p))) (gather [k] [[X]] (\[[[T:t_[0-9]+]]] -> [[[T]], [[I]], [[J]]])) (replicate k 0.0)) (replicate k 0.0)){{$}}
