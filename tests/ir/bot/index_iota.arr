-- index of iota (iota k is the paper's constant [0, ..., k-1]):
-- index (iota k) [u] ~> u, guarded: cond ((0 <= u) && (u < k)) u 0.
entry outside(a: [k]f64, i: i64) = iota(k)[i]
-- CHECK-LABEL: entry outside (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}cond ((0 <= [[I]]) && ([[I]] < (size k))) [[I]] 0{{$}}

-- A computed index is bound once.
entry computed(a: [k]f64, i: i64) = iota(k)[i + 2]
-- CHECK-LABEL: entry computed (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}let [[J:j_[0-9]+]] : i64 = [[I]] + 2 in{{$}}
-- CHECK-NEXT: {{^  }}cond ((0 <= [[J]]) && ([[J]] < (size k))) [[J]] 0{{$}}

-- In a build over k: the index itself, then build1 of the index variable is iota.
entry inside(a: [k]f64) = build([k], \i -> iota(k)[i] * 2)
-- CHECK-LABEL: entry inside (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}(iota k) * (replicate k 2){{$}}
