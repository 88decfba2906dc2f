-- ARGS: --dump-after=simplify --bot-all --verify-ir
-- The paper's section 4.5 example: the BOT turns
--   build1 k (\i. index a [i] + 1)
-- into `gather [k] a (\[i] -> [i]) + replicate k 1`, and (footnote 23) when a
-- has length k the identity gather is `a` itself, which the simplifier does.
entry main(a: [k]f64) = build([k], \i -> a[i] + 1.0)
-- INPUTS: [1.0, -2.5, -0.0, 1e300]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}[[A]] + (replicate k 1.0){{$}}

-- Not an identity: the gather reads a at i + 1 (and zero past the end), so it stays.
entry shifted(a: [k]f64) = build([k], \i -> a[i + 1] + 1.0)
-- INPUTS(shifted): [1.0, -2.5, 4.0]
-- CHECK-LABEL: entry shifted (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}(gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]] + 1])) + (replicate k 1.0){{$}}

-- Not an identity either: a has more elements than the gather reads.
entry prefix(a: [k]f64) = build([2], \i -> a[i] + 1.0)
-- INPUTS(prefix): [1.0, -2.5, 4.0]
-- CHECK-LABEL: entry prefix (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}(gather [2] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]])) + (replicate 2 1.0){{$}}
