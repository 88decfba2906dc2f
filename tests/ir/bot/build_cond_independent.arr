-- Fig. 9, build1 of cond whose condition does not mention the index: the
-- condition is one scalar for the whole array, so the cond moves outside and
-- each branch is built:
-- build1 k (\i. cond b u v) ~> cond b (build1 k (\i. u)) (build1 k (\i. v))   (i not free in b).
-- (The paper's general rule would go through index [u, v] [cond b 0 1]; with b
-- independent of i this is the same array.)
entry f(a: [k]f64, b: bool) = build([k], \i -> if b then a[i] else 0.0)
-- CHECK-LABEL: entry f (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[B:b_[0-9]+]] : bool) =
-- CHECK-NEXT: {{^  }}cond [[B]] (gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]])) (replicate k 0.0){{$}}

-- A computed condition that only reads the parameters.
entry g(a: [k]f64, c: [k]f64, x: f64) = build([k], \i -> if x > 1.0 then c[i] else a[i] * x)
-- CHECK-LABEL: entry g (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[C:c_[0-9]+]] : [k]f64, [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}cond ([[X]] > 1.0) (gather [k] [[C]] (\[[[I:i_[0-9]+]]] -> [[[I]]])) ((gather [k] [[A]] (\[[[I]]] -> [[[I]]])) * (replicate k [[X]])){{$}}
