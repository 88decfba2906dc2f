-- ARGS: --dump-after=simplify --verify-ir
-- tr of the identity permutation is its operand.
entry main(m: [n,p]f64) = tr([0, 1], m)
-- INPUTS: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,p]f64) =
-- CHECK-NEXT: {{^  }}[[M]]{{$}}

-- A prefix of the identity (the outer dimension only).
entry prefix(m: [n,p]f64) = tr([0], m) * 2.0
-- INPUTS(prefix): [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
-- CHECK-LABEL: entry prefix (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,p]f64) =
-- CHECK-NEXT: {{^  }}[[M]] * (replicate n (replicate p 2.0)){{$}}

-- Two transpositions make the identity.
entry twice(m: [n,p]f64) = tr([1, 0], tr([1, 0], m))
-- INPUTS(twice): [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
-- CHECK-LABEL: entry twice (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,p]f64) =
-- CHECK-NEXT: {{^  }}[[M]]{{$}}

-- Not the identity: stays.
entry swap(m: [n,p]f64) = tr([1, 0], m)
-- INPUTS(swap): [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
-- CHECK-LABEL: entry swap (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,p]f64) =
-- CHECK-NEXT: {{^  }}tr [1, 0] [[M]]{{$}}
