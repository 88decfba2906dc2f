-- Fig. 10, index of cond:
-- index (cond b u v) [t1, ..., tn] ~> let i1 = t1 in ... let in = tn in
--                                      cond b (index u [i1, ..., in]) (index v [i1, ..., in])
-- A trivial index (a variable or constant) is used as it is, without a let.
entry computed(a: [k]f64, c: [k]f64, b: bool, i: i64) = (if b then a else c)[i + 1]
-- CHECK-LABEL: entry computed (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[C:c_[0-9]+]] : [k]f64, [[B:b_[0-9]+]] : bool, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}let [[J:j_[0-9]+]] : i64 = [[I]] + 1 in{{$}}
-- CHECK-NEXT: {{^  }}cond [[B]] (index [[A]] [[[J]]]) (index [[C]] [[[J]]]){{$}}

entry trivial(a: [k]f64, c: [k]f64, b: bool, i: i64) = (if b then a else c)[i]
-- CHECK-LABEL: entry trivial (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[C:c_[0-9]+]] : [k]f64, [[B:b_[0-9]+]] : bool, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}cond [[B]] (index [[A]] [[[I]]]) (index [[C]] [[[I]]]){{$}}

entry two(m: [k,n]f64, w: [k,n]f64, x: f64, i: i64, j: i64) = (if x > 0.0 then m else w)[i, j - 1]
-- CHECK-LABEL: entry two (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64, [[W:w_[0-9]+]] : [k,n]f64, [[X:x_[0-9]+]] : f64, [[I:i_[0-9]+]] : i64, [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}let [[J2:j_[0-9]+]] : i64 = [[J]] - 1 in{{$}}
-- CHECK-NEXT: {{^  }}cond ([[X]] > 0.0) (index [[M]] [[[I]], [[J2]]]) (index [[W]] [[[I]], [[J2]]]){{$}}
