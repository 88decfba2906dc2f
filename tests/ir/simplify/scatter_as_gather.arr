-- ARGS: --dump-after=simplify --verify-ir
-- scatter sh a (\is -> js) = gather sh a' (\ts -> the inverse of js) + 0 when each
-- variable is one of the js plus a constant: every element lands on its own position,
-- so the target reads it back (a[t - c], zero out of range), where the other js (cheap:
-- constants, elements of arrays) say it lands there; a' = [a, zeros] picks. Reverse
-- mode makes these scatters from reads of one element, a shifted row or a selected
-- column: as gathers they fuse into their consumers (issue #37). The + 0 turns -0.0
-- into 0.0, as adding to the scatter's zeros does.

-- A shifted target: a[t - 1], zero at t = 0.
entry shifted(a: [n]f64) = scatter([n], a, \i -> [i + 1])
-- INPUTS(shifted): [1.5, -0.0, 3.0]
-- CHECK-LABEL: entry shifted (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}(gather [n] [[A]] (\[[[T:t_[0-9]+]]] -> [[[T]] - 1])) + (replicate n 0.0){{$}}

-- A constant column: the one-hot row of a component read (c[3] of a gathered row).
entry column(a: [n]f64) = scatter([n, 4], a, \i -> [i, 3])
-- INPUTS(column): [1.5, -2.0]
-- CHECK-LABEL: entry column (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}(gather [n, 4] [[[A]], replicate n -0.0] (\[[[R:t_[0-9]+]], [[C:t_[0-9]+]]] -> [cond ([[C]] == 3) 0 1, [[R]]])) + (replicate n (replicate 4 0.0)){{$}}

-- A column per row read from an array (a label's logit, the maximum's position).
entry picked(a: [n]f64, col: [n]i64) = scatter([n, 3], a, \i -> [i, col[i]])
-- INPUTS(picked): [1.5, -2.0, 4.0] [2, 0, 7]
-- CHECK-LABEL: entry picked (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64, [[COL:col_[0-9]+]] : [n]i64) =
-- CHECK-NEXT: {{^  }}(gather [n, 3] [[[A]], replicate n -0.0] (\[[[R:t_[0-9]+]], [[C:t_[0-9]+]]] -> [cond ([[C]] == (index [[COL]] [[[R]]])) 0 1, [[R]]])) + (replicate n (replicate 3 0.0)){{$}}

-- A variable in two targets: the diagonal.
entry diagonal(a: [n]f64) = scatter([n, n], a, \i -> [i, i])
-- INPUTS(diagonal): [1.5, -2.0, 4.0]
-- CHECK-LABEL: entry diagonal (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}(gather [n, n] [[[A]], replicate n -0.0] (\[[[R:t_[0-9]+]], [[C:t_[0-9]+]]] -> [cond ([[C]] == [[R]]) 0 1, [[R]]])) + (replicate n (replicate n 0.0)){{$}}

-- Colliding targets (i / 2) stay a scatter.
entry collide(a: [n]f64) = scatter([3], a, \i -> [i / 2])
-- INPUTS(collide): [1.0, 2.0, 3.0, 4.0, 5.0]
-- CHECK-LABEL: entry collide (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}scatter [3] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]] / 2]){{$}}

-- A target that is not a variable's stays a scatter: here every element lands at k.
entry single(a: [m]f64, k: i64) = scatter([4], a, \i -> [k + i * 0])
-- INPUTS(single): [1.0, 2.0] 2
-- CHECK-LABEL: entry single (
-- CHECK: scatter [4]
