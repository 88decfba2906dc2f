-- ARGS: --dump-after=simplify --verify-ir
-- x - x = 0 for integers also when the two operands are equal expressions that
-- are not one shared node: the hash consing (CSE) makes them one node, so the
-- rule should see them as equal.
entry main(j: i64) = (j * 2) - (j * 2) + 7
-- INPUTS: -3
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}7{{$}}

entry index(a: [k]f64, j: i64) = build([k], \i -> a[(i + j) - (i + j)])
-- INPUTS(index): [1.5, 2.5] 1
-- CHECK-LABEL: entry index (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}build1 k (\[[I:i_[0-9]+]] -> index [[A]] [0]){{$}}
