-- ARGS: --dump-after=simplify --verify-ir
-- reshape to the operand's own shape is the identity.
entry main(m: [n,p]f64) = reshape([n, p], m)
-- INPUTS: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,p]f64) =
-- CHECK-NEXT: {{^  }}[[M]]{{$}}

-- Equal as normalised dimensions: 2 * n is n + n.
entry normalised(a: [n + n]f64) = reshape([2 * n], a)
-- INPUTS(normalised): [1.0, 2.0, 3.0, 4.0]
-- CHECK-LABEL: entry normalised (
-- CHECK-SAME: [[A:a_[0-9]+]] : [{{[^]]*}}]f64) =
-- CHECK-NEXT: {{^  }}[[A]]{{$}}

-- A different shape: stays.
entry flat(m: [n,p]f64) = reshape([n * p], m)
-- INPUTS(flat): [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
-- CHECK-LABEL: entry flat (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,p]f64) =
-- CHECK-NEXT: {{^  }}reshape [n*p] [[M]]{{$}}
