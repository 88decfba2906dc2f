-- ARGS: --dump-after=simplify --verify-ir
-- reshape sh (reshape sh2 a) = reshape sh a (row-major, equal element counts).
entry main(m: [n,p]f64) = reshape([n * p], reshape([p, n], m))
-- INPUTS: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,p]f64) =
-- CHECK-NEXT: {{^  }}reshape [n*p] [[M]]{{$}}

-- Three reshapes make one.
entry three(a: [6]f64) = reshape([3, 2], reshape([6], reshape([2, 3], a)))
-- INPUTS(three): [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
-- CHECK-LABEL: entry three (
-- CHECK-SAME: [[A:a_[0-9]+]] : [6]f64) =
-- CHECK-NEXT: {{^  }}reshape [3, 2] [[A]]{{$}}

-- Back to the original shape: the identity, dropped.
entry back(m: [n,p]f64) = reshape([n, p], reshape([n * p], m))
-- INPUTS(back): [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
-- CHECK-LABEL: entry back (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,p]f64) =
-- CHECK-NEXT: {{^  }}[[M]]{{$}}
