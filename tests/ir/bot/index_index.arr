-- Fig. 10, index of index (flattening):
-- index (index t [u1, ..., um]) [t1, ..., tn] ~> index t [u1, ..., um, t1, ..., tn].
entry rowcol(m: [k,n]f64, i: i64, j: i64) = m[i][j]
-- CHECK-LABEL: entry rowcol (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64, [[I:i_[0-9]+]] : i64, [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}index [[M]] [[[I]], [[J]]]{{$}}

entry three(t: [k,n,p]f64, i: i64, j: i64, l: i64) = t[i][j, l]
-- CHECK-LABEL: entry three (
-- CHECK-SAME: [[T:t_[0-9]+]] : [k,n,p]f64, [[I:i_[0-9]+]] : i64, [[J:j_[0-9]+]] : i64, [[L:l_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}index [[T]] [[[I]], [[J]], [[L]]]{{$}}

-- Computed indices are kept in order (index of a variable needs no sharing).
entry computed(m: [k,n]f64, i: i64, j: i64) = m[i + 1][j * 2]
-- CHECK-LABEL: entry computed (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64, [[I:i_[0-9]+]] : i64, [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}index [[M]] [[[I]] + 1, [[J]] * 2]{{$}}
