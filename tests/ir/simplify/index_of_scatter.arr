-- ARGS: --dump-after=simplify --verify-ir
-- index (scatter [d, D..] a (\is -> [g, h..])) [c] = scatter [D..] (a where g == c)
-- (\is -> [h..]): only the elements sent to row c arrive there. The others are
-- masked to -0.0, which adds exactly nothing. The transpose of a cond inside a
-- build has this form. The rest of the scatter here is the identity, which adds
-- each element to a zero.
entry main(a: [n]f64) = scatter([2, n], a, \i -> [if i < 2 then 0 else 1, i])[0]
-- INPUTS: [1.5, -2.0, 3.0, -0.0]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64) =
-- This scatter is injective (i is a target component of its own), so it is a gather
-- first (scatter_as_gather.arr): the row reads each element where its selector
-- sends it there, and the loop nest computes that row only.
-- CHECK-NEXT: {{^  }}index ((gather [2, n] [[[A]], replicate n -0.0] (\[[[R:t_[0-9]+]], [[C:t_[0-9]+]]] -> [cond ([[R]] == (cond ([[C]] < 2) 0 1)) 0 1, [[C]]])) + (replicate 2 (replicate n 0.0))) [0]{{$}}

-- Row 1 of the same scatter: the selector compares with 1.
entry second(a: [n]f64) = scatter([2, n], a, \i -> [if i < 2 then 0 else 1, i])[1]
-- INPUTS(second): [1.5, -2.0, 3.0, 4.0]
-- CHECK-LABEL: entry second (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}index ((gather [2, n] [[[A]], replicate n -0.0] (\[[[R:t_[0-9]+]], [[C:t_[0-9]+]]] -> [cond ([[R]] == (cond ([[C]] < 2) 0 1)) 0 1, [[C]]])) + (replicate 2 (replicate n 0.0))) [1]{{$}}

-- Colliding targets stay a scatter, of the masked values: the rule of this test.
entry collide(a: [n]i64) = scatter([2, 3], a, \i -> [i % 2, i / 2])[1]
-- INPUTS(collide): [1, 2, 3, 4, 5, 6]
-- CHECK-LABEL: entry collide (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]i64) =
-- CHECK-NEXT: {{^  }}scatter [3] (gather [n] [[[A]], replicate n 0] (\[[[I:i_[0-9]+]]] -> [cond (([[I]] % 2) == 1) 0 1, [[I]]])) (\[[[J:i_[0-9]+]]] -> [[[J]] / 2]){{$}}
