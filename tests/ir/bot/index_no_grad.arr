-- index of noGrad, like a unary op: index (noGrad t) ix ~> noGrad (index t ix).
entry outside(a: [k]f64, i: i64) = noGrad(sin(a))[i]
-- CHECK-LABEL: entry outside (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}noGrad (sin (index [[A]] [[[I]]])){{$}}

entry inbuild(m: [k,n]f64) = build([k], \i -> noGrad(m)[i, 0])
-- CHECK-LABEL: entry inbuild (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64) =
-- CHECK-NEXT: {{^  }}noGrad (gather [k] [[M]] (\[[[I:i_[0-9]+]]] -> [[[I]], 0])){{$}}
