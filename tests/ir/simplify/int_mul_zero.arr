-- ARGS: --dump-after=simplify --verify-ir
-- x * 0 = 0 and 0 * x = 0 for (wrapping) integers.
entry main(j: [k]i64) = j * 0 + 1
-- INPUTS: [-3, 0, 9223372036854775807]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[J:j_[0-9]+]] : [k]i64) =
-- CHECK-NEXT: {{^  }}replicate k 1{{$}}

entry left(j: i64) = 0 * (j / 0) + 4
-- INPUTS(left): -3
-- CHECK-LABEL: entry left (
-- CHECK-SAME: [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}4{{$}}
