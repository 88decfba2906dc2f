-- ARGS: --dump-after=simplify --verify-ir
-- tr p (tr q a) = tr (q after p) a, where result dim x of tr p is input dim p_x.
entry main(m: [n,p,q]f64) = tr([1, 0], tr([0, 2, 1], m))
-- INPUTS: [[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], [[7.0, 8.0], [9.0, 10.0], [11.0, 12.0]]]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,p,q]f64) =
-- CHECK-NEXT: {{^  }}tr [2, 0, 1] [[M]]{{$}}

-- Two rotations of three dimensions.
entry rotations(m: [n,p,q]f64) = tr([1, 2, 0], tr([1, 2, 0], m))
-- INPUTS(rotations): [[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], [[7.0, 8.0], [9.0, 10.0], [11.0, 12.0]]]
-- CHECK-LABEL: entry rotations (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,p,q]f64) =
-- CHECK-NEXT: {{^  }}tr [2, 0, 1] [[M]]{{$}}

-- A permutation and its inverse: the identity, which is then dropped.
entry inverse(m: [n,p,q]f64) = tr([2, 0, 1], tr([1, 2, 0], m))
-- INPUTS(inverse): [[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], [[7.0, 8.0], [9.0, 10.0], [11.0, 12.0]]]
-- CHECK-LABEL: entry inverse (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,p,q]f64) =
-- CHECK-NEXT: {{^  }}[[M]]{{$}}

-- The inner permutation shorter than the outer one (it fixes the last dimension).
entry longer(m: [n,p,q]f64) = tr([0, 2, 1], tr([1, 0], m))
-- INPUTS(longer): [[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], [[7.0, 8.0], [9.0, 10.0], [11.0, 12.0]]]
-- CHECK-LABEL: entry longer (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,p,q]f64) =
-- CHECK-NEXT: {{^  }}tr [1, 2, 0] [[M]]{{$}}
