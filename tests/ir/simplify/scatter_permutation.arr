-- ARGS: --dump-after=simplify --verify-ir
-- scatter sh a (\is -> p(is)) = tr p a + 0 when p permutes the index variables
-- and sh is a's outer shape permuted alike: every element lands on its own
-- position, added to a zero (which turns -0.0 into 0.0, so the + 0 stays).
entry main(a: [n, m]f64) = scatter([m, n], a, \i j -> [j, i])
-- INPUTS: [[1.0, -0.0, 3.0], [4.0, 5.0, 6.0]]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n,m]f64) =
-- CHECK-NEXT: {{^  }}(tr [1, 0] [[A]]) + (replicate m (replicate n 0.0)){{$}}

-- The identity permutation needs no tr.
entry same(a: [n, m]f64) = scatter([n, m], a, \i j -> [i, j])
-- INPUTS(same): [[1.0, 2.0], [3.0, 4.0]]
-- CHECK-LABEL: entry same (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n,m]f64) =
-- CHECK-NEXT: {{^  }}[[A]] + (replicate n (replicate m 0.0)){{$}}

-- A target shape that differs from the source's is a gather, which reads zero
-- beyond a's end (scatter_as_gather.arr).
entry wider(a: [n]f64) = scatter([4], a, \i -> [i])
-- INPUTS(wider): [1.0, 2.0]
-- CHECK-LABEL: entry wider (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}(gather [4] [[A]] (\[[[T:t_[0-9]+]]] -> [[[T]]])) + (replicate 4 0.0){{$}}
