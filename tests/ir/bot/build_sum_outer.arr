-- Fig. 9, build1 of sumOuter: build1 k (\i. sumOuter t) ~> sumOuter (tr [1, 0] (build1 k (\i. t))):
-- the built dimension is moved inside so that the reduction stays outermost.
entry rows(m: [k,n]f64) = build([k], \i -> sumOuter(m[i]))
-- CHECK-LABEL: entry rows (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64) =
-- CHECK-NEXT: {{^  }}sumOuter (tr [1, 0] (gather [k] [[M]] (\[[[I:i_[0-9]+]]] -> [[[I]]]))){{$}}

-- matvec: sumOuter of a product with a replicated vector.
entry matvec(w: [k,n]f64, x: [n]f64) = build([k], \i -> sumOuter(w[i] * x))
-- CHECK-LABEL: entry matvec (
-- CHECK-SAME: [[W:w_[0-9]+]] : [k,n]f64, [[X:x_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}sumOuter (tr [1, 0] ((gather [k] [[W]] (\[[[I:i_[0-9]+]]] -> [[[I]]])) * (replicate k [[X]]))){{$}}
