-- ARGS: --dump-after=simplify --verify-ir
-- Reading a transposition is reading its source with permuted indices:
-- gather sh (tr p a) (\is -> f) = gather sh a (\is -> f permuted), exactly
-- (an out-of-range index stays out of range in its own dimension).

-- Column 0 of the transpose is row 0 of m.
entry main(m: [n,p]f64) = gather([p], tr([1, 0], m), \i -> [i, 0])
-- INPUTS: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,p]f64) =
-- CHECK-NEXT: {{^  }}gather [p] [[M]] (\[[[I:i_[0-9]+]]] -> [0, [[I]]]){{$}}

-- Three dimensions, a rotation (result dim q is input dim p_q), then an
-- index past the end of one dimension.
entry rotate(t: [a,b,c]f64) = gather([c, a], tr([2, 0, 1], t), \i j -> [i, j, 1]) + gather([c, a], tr([2, 0, 1], t), \i j -> [i, j, 7])
-- INPUTS(rotate): [[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]], [[9.0, 10.0], [11.0, 12.0]]]
-- CHECK-LABEL: entry rotate (
-- CHECK-SAME: [[T:t_[0-9]+]] : [a,b,c]f64) =
-- CHECK-NEXT: {{^  }}(gather [c, a] [[T]] (\[[[I:i_[0-9]+]], [[J:j_[0-9]+]]] -> [[[J]], 1, [[I]]])) + (gather [c, a] [[T]] (\[[[I2:i_[0-9]+]], [[J2:j_[0-9]+]]] -> [[[J2]], 7, [[I2]]])){{$}}

-- A permutation of the outer dimensions only; the gather reads rows.
entry outer(t: [a,b,c]f64) = gather([b], tr([1, 0], t), \i -> [i, 0])
-- INPUTS(outer): [[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]]
-- CHECK-LABEL: entry outer (
-- CHECK-SAME: [[T:t_[0-9]+]] : [a,b,c]f64) =
-- CHECK-NEXT: {{^  }}gather [b] [[T]] (\[[[I:i_[0-9]+]]] -> [0, [[I]]]){{$}}
