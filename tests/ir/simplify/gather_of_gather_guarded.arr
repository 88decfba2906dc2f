-- ARGS: --dump-after=simplify --verify-ir
-- gather of gather where the outer index can leave the inner gather's range:
-- the inner gather reads zero there, so the composed read is guarded by a cond
-- that reads index -1 (zero) when out of range. Without the guard it would read
-- the element of a at the composed index instead.

-- Shifted by one: the last element reads past the inner gather. (j + 1 occurs
-- three times in the composed index, and is shared.)
entry main(a: [n]f64) = gather([n], gather([n], a, \i -> [n - 1 - i]), \j -> [j + 1])
-- INPUTS: [1.0, 2.0, 3.0]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}gather [n] [[A]] (\[[[J:j_[0-9]+]]] -> [cond ((0 <= {{.+}}) && ({{.+}} < (size n))) ({{.+}}) (-1)]){{$}}

-- A constant index beyond a constant extent: the guard folds to -1, zeros,
-- although a[5] exists (6.0 here).
entry outside(a: [n]f64) = gather([2], gather([3], a, \i -> [i]), \j -> [5])
-- INPUTS(outside): [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
-- CHECK-LABEL: entry outside (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}gather [2] [[A]] (\[{{j_[0-9]+}}] -> [-1]){{$}}

-- An outer variable with a larger extent than the inner gather: guarded.
entry longer(a: [n]f64) = gather([n], gather([2], a, \i -> [i + 1]), \j -> [j])
-- INPUTS(longer): [1.0, 2.0, 3.0, 4.0, 5.0]
-- CHECK-LABEL: entry longer (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}gather [n] [[A]] (\[[[J:j_[0-9]+]]] -> [cond ((0 <= [[J]]) && ([[J]] < 2)) ([[J]] + 1) (-1)]){{$}}

-- The guard covers the row index when the outer gather reads rows of rows.
entry rows(m: [n,p]f64, k: i64) = gather([p], gather([n], m, \i -> [n - 1 - i]), \j -> [k, j])
-- INPUTS(rows): [[1.0, 2.0], [3.0, 4.0]] 1
-- INPUTS(rows): [[1.0, 2.0], [3.0, 4.0]] 2
-- INPUTS(rows): [[1.0, 2.0], [3.0, 4.0]] -1
-- CHECK-LABEL: entry rows (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,p]f64, [[K:k_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}gather [p] [[M]] (\[[[J:j_[0-9]+]]] -> [cond ((0 <= [[K]]) && ([[K]] < (size n))) (((size n) - 1) - [[K]]) (-1), [[J]]]){{$}}

-- In range but not provably so (the check knows variables and constants only):
-- reversing twice keeps a guard, which is exact (just not minimal).
entry twice(a: [n]f64) = gather([n], gather([n], a, \i -> [n - 1 - i]), \j -> [n - 1 - j])
-- INPUTS(twice): [1.0, 2.0, 3.0]
-- CHECK-LABEL: entry twice (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}gather [n] [[A]] (\[[[J:j_[0-9]+]]] -> [cond ((0 <= {{.+}}) && ({{.+}} < (size n))) ({{.+}}) (-1)]){{$}}
