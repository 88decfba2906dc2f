-- Fig. 10, index of a unary op: index (op t) ix ~> op (index t ix).
-- Inside a build over the array's extent the index is in range; Fig. 11 then
-- turns index of the variable into a gather.
entry inbuild(a: [k]f64) = build([k], \i -> exp(a)[i])
-- CHECK-LABEL: entry inbuild (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}exp (gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]])){{$}}

entry nested(m: [k,n]f64) = build([k], \i -> sqrt(abs(m))[i])
-- CHECK-LABEL: entry nested (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64) =
-- CHECK-NEXT: {{^  }}sqrt (abs (gather [k] [[M]] (\[[[I:i_[0-9]+]]] -> [[[I]]]))){{$}}

-- An index that may be out of range, under an op that maps 0 to 0 (sin 0 = 0):
-- the paper's rule is total as it stands. (exp is not: see totality_unary.arr.)
entry outside(a: [k]f64, i: i64) = sin(a)[i]
-- CHECK-LABEL: entry outside (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}sin (index [[A]] [[[I]]]){{$}}
