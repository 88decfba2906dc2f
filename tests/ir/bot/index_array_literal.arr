-- Fig. 10, index of an array literal with more than one index:
-- index [t1, ..., tk] [u1, ..., un] ~>(n>1) let i2 = u2 in ... let in = un in
--     index [index t1 [i2, ..., in], ..., index tk [i2, ..., in]] [u1]
-- With exactly one index, index [..] [u] is a normal form (Theorem 5.1).
entry two(a: [k]f64, c: [k]f64, p: i64, i: i64) = [a, c][p, i + 1]
-- CHECK-LABEL: entry two (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[C:c_[0-9]+]] : [k]f64, [[P:p_[0-9]+]] : i64, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}let [[J:j_[0-9]+]] : i64 = [[I]] + 1 in{{$}}
-- CHECK-NEXT: {{^  }}index [index [[A]] [[[J]]], index [[C]] [[[J]]]] [[[P]]]{{$}}

entry one(a: [k]f64, c: [k]f64, p: i64) = [a, c][p]
-- CHECK-LABEL: entry one (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[C:c_[0-9]+]] : [k]f64, [[P:p_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}index [[[A]], [[C]]] [[[P]]]{{$}}

-- Three indices; the first stays in place even when computed, trivial ones
-- need no let.
entry three(m: [k,n]f64, w: [k,n]f64, p: i64, i: i64, j: i64) = [m, w, m][p - 1, i, j * 2]
-- CHECK-LABEL: entry three (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64, [[W:w_[0-9]+]] : [k,n]f64, [[P:p_[0-9]+]] : i64, [[I:i_[0-9]+]] : i64, [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}let [[J2:j_[0-9]+]] : i64 = [[J]] * 2 in{{$}}
-- CHECK-NEXT: {{^  }}index [index [[M]] [[[I]], [[J2]]], index [[W]] [[[I]], [[J2]]], index [[M]] [[[I]], [[J2]]]] [[[P]] - 1]{{$}}
