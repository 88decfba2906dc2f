-- Fig. 9, build1 of a term that does not mention the index:
-- build1 k (\i. t) ~> replicate k t   (i not free in t).
-- The rule applies before any rule for the head of t: the sumOuter below is
-- replicated as a whole, not pushed through.
entry scalar(a: [k]f64, x: f64) = build([k], \i -> x * 2.0)
-- CHECK-LABEL: entry scalar (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}replicate k ([[X]] * 2.0){{$}}

entry vector(a: [k]f64, v: [n]f64) = build([k], \i -> v)
-- CHECK-LABEL: entry vector (
-- CHECK-SAME: [[V:v_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}replicate k [[V]]{{$}}

entry reduction(a: [k]f64, m: [n,p]f64) = build([k], \i -> sumOuter(m))
-- CHECK-LABEL: entry reduction (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,p]f64) =
-- CHECK-NEXT: {{^  }}replicate k (sumOuter [[M]]){{$}}
