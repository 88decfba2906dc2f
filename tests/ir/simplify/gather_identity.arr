-- ARGS: --dump-after=simplify --verify-ir
-- gather (outer dims of a) a (\is -> is) = a.
entry main(a: [n]f64) = gather([n], a, \i -> [i])
-- INPUTS: [1.0, 2.0, 3.0]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}[[A]]{{$}}

-- Rank 2, all dimensions.
entry matrix(m: [n,p]f64) = gather([n, p], m, \i j -> [i, j])
-- INPUTS(matrix): [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
-- CHECK-LABEL: entry matrix (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,p]f64) =
-- CHECK-NEXT: {{^  }}[[M]]{{$}}

-- Only the outer dimension: the rows of m.
entry rows(m: [n,p]f64) = gather([n], m, \i -> [i])
-- INPUTS(rows): [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
-- CHECK-LABEL: entry rows (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,p]f64) =
-- CHECK-NEXT: {{^  }}[[M]]{{$}}

-- NOT identities: a different extent (reads past the end give zeros), swapped
-- variables (a transposition), a repeated variable (the diagonal).
entry longer(a: [n]f64) = gather([n + 1], a, \i -> [i])
-- INPUTS(longer): [1.0, 2.0, 3.0]
-- CHECK-LABEL: entry longer (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}gather [n+1] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]]){{$}}

entry swapped(m: [n,n]f64) = gather([n, n], m, \i j -> [j, i])
-- INPUTS(swapped): [[1.0, 2.0], [3.0, 4.0]]
-- CHECK-LABEL: entry swapped (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,n]f64) =
-- CHECK-NEXT: {{^  }}gather [n, n] [[M]] (\[[[I:i_[0-9]+]], [[J:j_[0-9]+]]] -> [[[J]], [[I]]]){{$}}

entry diagonal(m: [n,n]f64) = gather([n], m, \i -> [i, i])
-- INPUTS(diagonal): [[1.0, 2.0], [3.0, 4.0]]
-- CHECK-LABEL: entry diagonal (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,n]f64) =
-- CHECK-NEXT: {{^  }}gather [n] [[M]] (\[[[I:i_[0-9]+]]] -> [[[I]], [[I]]]){{$}}
