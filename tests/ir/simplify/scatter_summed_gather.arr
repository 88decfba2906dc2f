-- ARGS: --dump-after=simplify --verify-ir
-- scatter sh a (\is -> js) = sumOuter (gather [e] ++ sh a (\f ts -> is)) + 0 when each
-- target component is one variable (coefficient +-1, over the target's extent there,
-- in no other component) plus an affine form of the one variable f left: every target
-- element receives the e elements that land on it, so it sums them where it is computed
-- (a convolution's input gradient: a[i, t] sent to i + t - 2), each variable solved
-- from the target and f, zero out of range, instead of adding into a zero-filled array
-- in order (issue #37). The sum runs over f in the order the scatter adds (here i
-- ascending, so t descending: 4 - f), so the values are the same bit for bit; the
-- INPUTS (sums of 1e16 and 1) would tell another order.

entry conv(a: [n, 5]f64) = scatter([n], a, \i t -> [i + t - 2])
-- INPUTS(conv): [[1e16, 1.0, -0.0, 3.0, 1.0], [1.0, -1e16, 4.0, 2.0, -3.0], [-1e16, 1.0, 1e16, 1.0, 1.0]]
-- CHECK-LABEL: entry conv (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n,5]f64) =
-- CHECK-NEXT: {{^  }}(sumOuter (gather [5, n] [[A]] (\[[[F:f_[0-9]+]], [[T:t_[0-9]+]]] -> [[[T]] - ((share #1 (4 - [[F]])) + (-2)), #1]))) + (replicate n 0.0){{$}}

-- The free variable first: the scatter adds in its order, ascending.
entry flipped(a: [3, n]f64) = scatter([n], a, \t i -> [i - t])
-- INPUTS(flipped): [[1e16, 1.0, 2.0], [-1e16, 1.0, 1e16], [1.0, -1e16, 1.0]]
-- CHECK-LABEL: entry flipped (
-- CHECK-SAME: [[A:a_[0-9]+]] : [3,n]f64) =
-- CHECK-NEXT: {{^  }}(sumOuter (gather [3, n] [[A]] (\[[[F:f_[0-9]+]], [[T:t_[0-9]+]]] -> [[[F]], [[T]] - ((-1) * [[F]])]))) + (replicate n 0.0){{$}}

-- Rows sent with a stride of the free variable, the row's own index kept.
entry rows(a: [n, 3, c]f64) = scatter([n, c], a, \i t k -> [i + 2 * t, k])
-- INPUTS(rows): [[[1e16, 1.0], [1.0, -1e16], [-0.0, 2.0]], [[-1e16, 1.0], [1e16, 1.0], [1.0, 1.0]], [[1.0, -0.0], [2.0, 3.0], [1e16, -1e16]], [[1.0, 1.0], [-1e16, 1.0], [1.0, 1e16]]]
-- CHECK-LABEL: entry rows (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n,3,c]f64) =
-- CHECK-NEXT: {{^  }}(sumOuter (gather [3, n, c] [[A]] (\[[[F:f_[0-9]+]], [[T:t_[0-9]+]], [[K:t_[0-9]+]]] -> [[[T]] - (2 * (share #1 (2 - [[F]]))), #1, [[K]]]))) + (replicate n (replicate c 0.0)){{$}}

-- A target wider than the variable solved for it stays a scatter (the sum would visit
-- every target element, where the scatter visits only the source's).
entry wider(a: [n, 2]f64, b: [m]f64) = scatter([m], a, \i t -> [i + t])
-- CHECK-LABEL: entry wider (
-- CHECK-NEXT: {{^  }}scatter [m] {{a_[0-9]+}} (\[{{i_[0-9]+}}, {{t_[0-9]+}}] -> [{{i_[0-9]+}} + {{t_[0-9]+}}]){{$}}
