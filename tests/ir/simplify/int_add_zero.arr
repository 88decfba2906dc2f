-- ARGS: --dump-after=simplify --verify-ir
-- x + 0 = x and 0 + x = x for integers.
entry main(j: [k]i64) = j + 0
-- INPUTS: [-3, 0, 9223372036854775807]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[J:j_[0-9]+]] : [k]i64) =
-- CHECK-NEXT: {{^  }}[[J]]{{$}}

entry left(j: i64) = 0 + j * 5
-- INPUTS(left): -3
-- CHECK-LABEL: entry left (
-- CHECK-SAME: [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}[[J]] * 5{{$}}

-- In index arithmetic: a[i + 0] reads a[i].
entry index(a: [k]f64) = build([k], \i -> a[i + (2 - 2)])
-- INPUTS(index): [1.5, 2.5]
-- CHECK-LABEL: entry index (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}build1 k (\[[I:i_[0-9]+]] -> index [[A]] [[[I]]]){{$}}
