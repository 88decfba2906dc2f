-- ARGS: --dump-after=simplify --verify-ir
-- sumOuter (tr p (replicate k x)) summing one of x's dimensions does not depend
-- on the replicated index: it is summed once, then replicated (exact: every
-- element sums the same values in the same order). Gradients of products with
-- a replicated cotangent have this form.
entry main(x: [n, m]f64, k: [p]f64) = sumOuter(tr([1, 0], replicate(p, x)))
-- INPUTS: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]] [0.0, 0.0]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[X:x_[0-9]+]] : [n,m]f64, {{.*}}) =
-- CHECK-NEXT: {{^  }}replicate p (sumOuter [[X]]){{$}}

-- The replicated dimension lands in the middle: a transposition puts it back.
entry middle(x: [n, m, q]f64, k: [p]f64) = sumOuter(tr([1, 2, 0], replicate(p, x)))
-- INPUTS(middle): [[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], [[7.0, 8.0], [9.0, 10.0], [11.0, 12.0]]] [0.0, 0.0]
-- CHECK-LABEL: entry middle (
-- CHECK-SAME: [[X:x_[0-9]+]] : [n,m,q]f64, {{.*}}) =
-- CHECK-NEXT: {{^  }}tr [1, 0, 2] (replicate p (sumOuter [[X]])){{$}}

-- Summing the replicated dimension itself is left alone (k copies of a float
-- sum differently from one product).
entry copies(x: [n]f64, k: [p]f64) = sumOuter(replicate(p, x))
-- INPUTS(copies): [1.0, 2.0] [0.0, 0.0, 0.0]
-- CHECK-LABEL: entry copies (
-- CHECK: sumOuter (replicate p
