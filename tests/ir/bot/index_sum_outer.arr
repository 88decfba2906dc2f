-- Fig. 10, index of sumOuter: index (sumOuter t) ix ~> sumOuter (index (tr [1, ..., n, 0] t) ix),
-- then index of tr becomes index of a gather, and index of that gather
-- substitutes the index into the gather's index function:
--   index (sumOuter x) [i]  (x : [k,n])
--   ~> sumOuter (index (tr [1, 0] x) [i])
--   ~> sumOuter (index (gather [n, k] x (\[a, b]. [b, a])) [i])
--   ~> sumOuter (gather [k] x (\[b]. [b, i]))
-- guarded by 0 <= i < n, since the gather dropped the index i (LANGUAGE.md §7).
entry outside(x: [k,n,p]f64, i: i64) = sumOuter(x)[i]
-- CHECK-LABEL: entry outside (
-- CHECK-SAME: [[X:x_[0-9]+]] : [k,n,p]f64, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}sumOuter (cond ((0 <= [[I]]) && ([[I]] < (size n))) (gather [k] [[X]] (\[[[T:t_[0-9]+]]] -> [[[T]], [[I]]])) (replicate k (replicate p 0.0))){{$}}

-- Two indices: tr [1, 2, 0] moves the reduced dimension behind both.
entry two(x: [k,n,p]f64, i: i64, j: i64) = sumOuter(x)[i, j]
-- CHECK-LABEL: entry two (
-- CHECK-SAME: [[X:x_[0-9]+]] : [k,n,p]f64, [[I:i_[0-9]+]] : i64, [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}sumOuter (cond ((0 <= [[I]]) && ([[I]] < (size n))) (cond ((0 <= [[J]]) && ([[J]] < (size p))) (gather [k] [[X]] (\[[[T:t_[0-9]+]]] -> [[[T]], [[I]], [[J]]])) (replicate k 0.0)) (replicate k 0.0)){{$}}

-- Column sums inside a build over n: i is in range, no guard; then Fig. 9's
-- sumOuter rule and build of gather.
entry columns(x: [k,n]f64) = build([n], \i -> sumOuter(x)[i])
-- CHECK-LABEL: entry columns (
-- CHECK-SAME: [[X:x_[0-9]+]] : [k,n]f64) =
-- CHECK-NEXT: {{^  }}sumOuter (tr [1, 0] (gather [n, k] [[X]] (\[[[I:i_[0-9]+]], [[T:t_[0-9]+]]] -> [[[T]], [[I]]]))){{$}}
