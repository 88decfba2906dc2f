-- ARGS: --dump-after=simplify --verify-ir
-- tr p (scatter sh a (\is -> js)) = scatter (p sh) a (\is -> p js) when p permutes the
-- scattered dimensions: the scatter adds into the layout its consumer reads, instead of
-- a buffer read back with a stride (the derivative of a row maximum taken in a build,
-- which the BOT computes on the transpose, issue #37).
entry transposed(a: [n]f64, col: [n]i64) = transpose(scatter([3, 2], a, \i -> [col[i], i / 2]))
-- INPUTS(transposed): [1.0, 2.0, 3.0] [0, 2, 1]
-- CHECK-LABEL: entry transposed (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64, [[COL:col_[0-9]+]] : [n]i64) =
-- CHECK-NEXT: {{^  }}scatter [2, 3] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]] / 2, index [[COL]] [[[I]]]]){{$}}

-- A permutation that moves a dimension of the scattered rows keeps the tr.
entry rows(a: [n, 2]f64, col: [n]i64) = transpose(scatter([3], a, \i -> [col[i]]))
-- INPUTS(rows): [[1.0, 2.0], [3.0, 4.0]] [2, 2]
-- CHECK-LABEL: entry rows (
-- CHECK: tr [1, 0] (scatter [3]
