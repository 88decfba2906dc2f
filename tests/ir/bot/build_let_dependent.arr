-- Fig. 9, build1 of let whose bound value mentions the index: the let is lifted
-- to an array over the build's extent and every use becomes an index of it:
-- build1 k (\i. let x = v in u) ~> let x' = build1 k (\i. v) in build1 k (\i. u[index x' [i] / x])
-- and build1 of `index x' [i]` is the identity gather (Fig. 11).
entry scalar(a: [k]f64) = build([k], \i -> let y = a[i] * 2.0 in y * y)
-- CHECK-LABEL: entry scalar (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}let [[Y:y_[0-9]+]] : [k]f64 = (gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]])) * (replicate k 2.0) in{{$}}
-- CHECK-NEXT: {{^  }}(gather [k] [[Y]] (\[[[J:i_[0-9]+]]] -> [[[J]]])) * (gather [k] [[Y]] (\[[[J:i_[0-9]+]]] -> [[[J]]])){{$}}

-- A bound array: the lifted variable has type [k,n].
entry row(m: [k,n]f64) = build([k], \i -> let r = m[i] in sumOuter(r))
-- CHECK-LABEL: entry row (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64) =
-- CHECK-NEXT: {{^  }}let [[R:r_[0-9]+]] : [k,n]f64 = gather [k] [[M]] (\[[[I:i_[0-9]+]]] -> [[[I]]]) in{{$}}
-- CHECK-NEXT: {{^  }}sumOuter (tr [1, 0] (gather [k] [[R]] (\[[[J:i_[0-9]+]]] -> [[[J]]]))){{$}}
