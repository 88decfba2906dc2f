-- ARGS: --dump-after=simplify --verify-ir
-- gather sh1 (gather sh2 a f2) f1 = gather sh1 a (f2 after f1), with no guard
-- where f1 provably stays in sh2 (a variable ranging over the same extent, or a
-- constant below a constant extent).

-- The diagonal of a transposition: the outer variable ranges over n, the
-- extent of both inner dimensions, so no guard.
entry main(m: [n,n]f64) = gather([n], gather([n, n], m, \i j -> [j, n - 1 - i]), \i -> [i, i])
-- INPUTS: [[1.0, 2.0], [3.0, 4.0]]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,n]f64) =
-- CHECK-NEXT: {{^  }}gather [n] [[M]] (\[[[I:i_[0-9]+]]] -> [[[I]], ((size n) - 1) - [[I]]]){{$}}

-- A constant index below a constant extent; the composed index folds.
entry constant(a: [n]f64) = gather([2], gather([5], a, \i -> [i + 1]), \j -> [3])
-- INPUTS(constant): [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
-- CHECK-LABEL: entry constant (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}gather [2] [[A]] (\[{{j_[0-9]+}}] -> [4]){{$}}

-- The outer gather also indexes the rows the inner one gathered.
entry rows(m: [n,p]f64) = gather([n], gather([n], m, \i -> [n - 1 - i]), \j -> [j, 1])
-- INPUTS(rows): [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
-- CHECK-LABEL: entry rows (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,p]f64) =
-- CHECK-NEXT: {{^  }}gather [n] [[M]] (\[[[J:j_[0-9]+]]] -> [((size n) - 1) - [[J]], 1]){{$}}

-- Two dimensions, the outer gather transposing the inner one.
entry matrix(m: [n,p]f64) = gather([p, n], gather([n, p], m, \i j -> [i, p - 1 - j]), \j i -> [i, j])
-- INPUTS(matrix): [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
-- CHECK-LABEL: entry matrix (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,p]f64) =
-- CHECK-NEXT: {{^  }}gather [p, n] [[M]] (\[[[J:j_[0-9]+]], [[I:i_[0-9]+]]] -> [[[I]], ((size p) - 1) - [[J]]]){{$}}
