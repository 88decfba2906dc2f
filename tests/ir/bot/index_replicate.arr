-- Fig. 10, index of replicate: index (replicate k t) [u1, ..., un] ~>(n>0) index t [u2, ..., un].
-- The rule drops u1, so the result is guarded unless u1 is known in range:
--   cond ((0 <= u1) && (u1 < k)) (index t [u2, ..., un]) zeros.
entry outside(a: [k]f64, v: [n]f64, i: i64, j: i64) = replicate(n, a)[i, j]
-- CHECK-LABEL: entry outside (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[V:v_[0-9]+]] : [n]f64, [[I:i_[0-9]+]] : i64, [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}cond ((0 <= [[I]]) && ([[I]] < (size n))) (index [[A]] [[[J]]]) 0.0{{$}}

-- A build over n: i ranges over the replicated extent, no guard; the body no
-- longer mentions i and is replicated.
entry inside(a: [k]f64, v: [n]f64, j: i64) = build([n], \i -> replicate(n, a)[i, j] * v[i])
-- CHECK-LABEL: entry inside (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[V:v_[0-9]+]] : [n]f64, [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}(replicate n (index [[A]] [[[J]]])) * (gather [n] [[V]] (\[[[I:i_[0-9]+]]] -> [[[I]]])){{$}}

-- A build over another extent k: guarded, and the guard is a cond that
-- depends on i (Fig. 9's dependent cond rule, with branches independent of i).
entry otherextent(a: [k]f64, v: [n]f64, j: i64) = build([k], \i -> replicate(n, a)[i, j])
-- CHECK-LABEL: entry otherextent (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[V:v_[0-9]+]] : [n]f64, [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}gather [k] [index [[A]] [[[J]]], 0.0] (\[[[I:i_[0-9]+]]] -> [cond ((0 <= [[I]]) && ([[I]] < (size n))) 0 1]){{$}}

-- A constant index in range: no guard, and index t [] ~> t.
entry constant(a: [k]f64) = replicate(3, a)[1]
-- CHECK-LABEL: entry constant (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}[[A]]{{$}}

-- A constant index out of range: guarded (the guard is constant false).
entry constantout(a: [k]f64) = replicate(3, a)[3, 0]
-- CHECK-LABEL: entry constantout (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}cond ((0 <= 3) && (3 < 3)) (index [[A]] [0]) 0.0{{$}}

-- Broadcasting: the lowering made `a + 1.0` into `a + replicate k 1.0`.
entry broadcast(a: [k]f64, i: i64) = (a + 1.0)[i]
-- CHECK-LABEL: entry broadcast (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}(index [[A]] [[[I]]]) + (cond ((0 <= [[I]]) && ([[I]] < (size k))) 1.0 0.0){{$}}

-- A computed first index is shared by a let.
entry computed(v: [n]f64, x: f64, i: i64) = replicate(n, x)[i - 1]
-- CHECK-LABEL: entry computed (
-- CHECK-SAME: [[V:v_[0-9]+]] : [n]f64, [[X:x_[0-9]+]] : f64, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}let [[J:j_[0-9]+]] : i64 = [[I]] - 1 in{{$}}
-- CHECK-NEXT: {{^  }}cond ((0 <= [[J]]) && ([[J]] < (size n))) [[X]] 0.0{{$}}
