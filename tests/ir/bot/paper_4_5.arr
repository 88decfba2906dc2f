-- The paper's §4.5 example: build([k], \i -> a[i] + 1.0)
-- ~> gather [k] a (\[i] -> [i]) + replicate k 1.0
entry f(a: [k]f64) = build([k], \i -> a[i] + 1.0)
-- CHECK-LABEL: entry f (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}(gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]])) + (replicate k 1.0){{$}}
-- CHECK-NOT: build1
