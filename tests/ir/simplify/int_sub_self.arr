-- ARGS: --dump-after=simplify --verify-ir
-- x - x = 0 for integers.
entry main(j: [k]i64) = j - j + 7
-- INPUTS: [-3, 0, 9223372036854775807]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[J:j_[0-9]+]] : [k]i64) =
-- CHECK-NEXT: {{^  }}replicate k 7{{$}}

-- A shared non-trivial value (the lowering of a call binds it once).
def diff(u: i64, v: i64) = u - v
entry shared(j: i64) = let y = j * j in diff(y, y) + 2
-- INPUTS(shared): -3
-- CHECK-LABEL: entry shared (
-- CHECK-SAME: [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}2{{$}}
