-- Fig. 10, index of a binary op:
-- index (op t u) [t1, ..., tn] ~> let i1 = t1 in ... let in = tn in
--                                 op (index t [i1, ..., in]) (index u [i1, ..., in])
-- The ops here map zeros to zero, so out-of-range indices need no guard (see
-- totality_binary.arr for ops that do not).
entry computed(a: [k]f64, c: [k]f64, i: i64) = (a * c)[i + 1]
-- CHECK-LABEL: entry computed (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[C:c_[0-9]+]] : [k]f64, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}let [[J:j_[0-9]+]] : i64 = [[I]] + 1 in{{$}}
-- CHECK-NEXT: {{^  }}(index [[A]] [[[J]]]) * (index [[C]] [[[J]]]){{$}}

entry trivial(a: [k,n]f64, c: [k,n]f64, i: i64, j: i64) = (a - c)[i, j]
-- CHECK-LABEL: entry trivial (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k,n]f64, [[C:c_[0-9]+]] : [k,n]f64, [[I:i_[0-9]+]] : i64, [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}(index [[A]] [[[I]], [[J]]]) - (index [[C]] [[[I]], [[J]]]){{$}}

-- Nested ops share one let for the index.
entry nested(a: [k]f64, c: [k]f64, i: i64) = (a * c + c)[2 * i]
-- CHECK-LABEL: entry nested (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[C:c_[0-9]+]] : [k]f64, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}let [[J:j_[0-9]+]] : i64 = 2 * [[I]] in{{$}}
-- CHECK-NEXT: {{^  }}((index [[A]] [[[J]]]) * (index [[C]] [[[J]]])) + (index [[C]] [[[J]]]){{$}}

-- Inside a build over the array's extent: no guard, and Fig. 11 makes gathers.
entry inbuild(a: [k]f64, c: [k]f64) = build([k], \i -> (a / c)[i])
-- CHECK-LABEL: entry inbuild (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[C:c_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}(gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]])) / (gather [k] [[C]] (\[[[I]]] -> [[[I]]])){{$}}
