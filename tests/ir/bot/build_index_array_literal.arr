-- Fig. 11, build1 of index of an array literal:
-- build1 k (\i. index [t1, ..., tn] [t]) ~> gather (k :: sh) (build1 k (\i. [t1, ..., tn])) (\[i]. [i, t])
-- and build1 of the literal is tr [1, 0] of the built elements (Fig. 9).
entry pick(a: [k]f64, b: [k]f64) = build([k], \i -> [a[i], b[i]][i % 2])
-- CHECK-LABEL: entry pick (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[B:b_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}gather [k] (tr [1, 0] [gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]]), gather [k] [[B]] (\[[[I]]] -> [[[I]]])]) (\[[[I]]] -> [[[I]], [[I]] % 2]){{$}}

-- A literal that does not mention i (the paper's constant c): gathered from
-- directly, build1 k (\i. index c ix) ~> gather (k :: sh) c (\[i]. ix).
entry table(a: [k]f64) = build([k], \i -> [1.0, 2.0, 3.0][i % 3])
-- CHECK-LABEL: entry table (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}gather [k] [1.0, 2.0, 3.0] (\[[[I:i_[0-9]+]]] -> [[[I]] % 3]){{$}}
