-- A nested 2-D build: the prelude's matmul,
--   build([n, p], \i j -> sumOuter(build([m], \l -> x[i, l] * y[l, j]))).
-- Innermost (over l): index of a variable ~> gather (Fig. 11), product by the op rule:
--   sumOuter (gather [m] x (\[l]. [i, l]) * gather [m] y (\[l]. [l, j]))
-- Over j: sumOuter rule, op rule; the x factor does not mention j (replicate),
-- build1 of the y gather extends it (Fig. 9):
--   sumOuter (tr [1, 0] (replicate p (gather [m] x ..) * gather [p, m] y (\[j, l]. [l, j])))
-- Over i: sumOuter rule, tr rule (tr [0, 2, 1]), op rule; the replicate rule
-- for the x factor (tr [1, 0] (replicate p (gather [n, m] x ..))), and the y
-- factor does not mention i (replicate n).
entry mm(x: [n,m]f64, y: [m,p]f64) = matmul(x, y)
-- CHECK-LABEL: entry mm (
-- CHECK-SAME: [[X:x_[0-9]+]] : [n,m]f64, [[Y:y_[0-9]+]] : [m,p]f64) =
-- CHECK-NEXT: {{^  }}sumOuter (tr [1, 0] (tr [0, 2, 1] ((tr [1, 0] (replicate p (gather [n, m] [[X]] (\[[[I:i_[0-9]+]], [[L:l_[0-9]+]]] -> [[[I]], [[L]]])))) * (replicate n (gather [p, m] [[Y]] (\[[[J:j_[0-9]+]], [[L]]] -> [[[L]], [[J]]])))))){{$}}

-- The 2-D build written directly, with an elementwise body: two build1s.
entry outer(a: [n]f64, b: [p]f64) = build([n, p], \i j -> a[i] * b[j])
-- CHECK-LABEL: entry outer (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64, [[B:b_[0-9]+]] : [p]f64) =
-- CHECK-NEXT: {{^  }}(tr [1, 0] (replicate p (gather [n] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]])))) * (replicate n (gather [p] [[B]] (\[[[J:j_[0-9]+]]] -> [[[J]]]))){{$}}
