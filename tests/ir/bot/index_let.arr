-- Fig. 10, index of let: index (let x = v in t) ix ~> let x = v in index t ix.
-- The lowering floats source-level lets out of index, so the let here is the
-- one the BOT itself makes: (a * c)[i + 1] normalises to
--   let j = i + 1 in (index a [j]) * (index c [j])       (Fig. 10, op rule)
-- and indexing that again with [l] goes under the let, then through the
-- product, and flattens (index of index).
entry once(a: [k,n]f64, c: [k,n]f64, i: i64, l: i64) = (a * c)[i + 1][l]
-- CHECK-LABEL: entry once (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k,n]f64, [[C:c_[0-9]+]] : [k,n]f64, [[I:i_[0-9]+]] : i64, [[L:l_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}let [[J:j_[0-9]+]] : i64 = [[I]] + 1 in{{$}}
-- CHECK-NEXT: {{^  }}(index [[A]] [[[J]], [[L]]]) * (index [[C]] [[[J]], [[L]]]){{$}}

-- The second index is itself computed and shared under the first let.
entry twice(a: [k,n]f64, c: [k,n]f64, i: i64, l: i64) = (a * c)[i + 1][l + 2]
-- CHECK-LABEL: entry twice (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k,n]f64, [[C:c_[0-9]+]] : [k,n]f64, [[I:i_[0-9]+]] : i64, [[L:l_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}let [[J1:j_[0-9]+]] : i64 = [[I]] + 1 in{{$}}
-- CHECK-NEXT: {{^  }}let [[J2:j_[0-9]+]] : i64 = [[L]] + 2 in{{$}}
-- CHECK-NEXT: {{^  }}(index [[A]] [[[J1]], [[J2]]]) * (index [[C]] [[[J1]], [[J2]]]){{$}}

-- A let of the source program stays where the lowering put it, and the index
-- reaches the bound variable.
entry bound(a: [k]f64, i: i64) = (let y = sin(a) in y * y)[i]
-- CHECK-LABEL: entry bound (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}let [[Y:y_[0-9]+]] : [k]f64 = sin [[A]] in{{$}}
-- CHECK-NEXT: {{^  }}(index [[Y]] [[[I]]]) * (index [[Y]] [[[I]]]){{$}}
