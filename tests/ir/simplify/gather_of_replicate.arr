-- ARGS: --dump-after=simplify --verify-ir
-- gather sh (replicate k a) (\is -> [j, rest]) = gather sh a (\is -> rest)
-- when j is known to be in [0, k); otherwise rest is guarded (reads zero when
-- j is out of range, as reading the replicate would).

-- j is the variable over k: the rows of a, then the identity gather is a.
entry main(a: [n]f64) = gather([n], replicate(n, a), \i -> [i, i])
-- INPUTS: [1.0, 2.0, 3.0]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}[[A]]{{$}}

-- The same with an extent of a that differs: the gather of a stays.
entry other(a: [p]f64, b: [n]f64) = gather([n], replicate(n, a), \i -> [i, i]) + b
-- INPUTS(other): [1.0, 2.0, 3.0] [1.0, 1.0]
-- INPUTS(other): [1.0, 2.0] [1.0, 1.0, 1.0]
-- CHECK-LABEL: entry other (
-- CHECK-SAME: [[A:a_[0-9]+]] : [p]f64, [[B:b_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}(gather [n] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]])) + [[B]]{{$}}

-- A constant j below a constant k.
entry constant(a: [n]f64) = gather([2], replicate(3, a), \i -> [2, n - 1 - i])
-- INPUTS(constant): [1.0, 2.0, 3.0]
-- CHECK-LABEL: entry constant (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}gather [2] [[A]] (\[[[I:i_[0-9]+]]] -> [((size n) - 1) - [[I]]]){{$}}

-- A constant j, unknown k: guarded.
entry guarded(a: [n]f64) = gather([3], replicate(n, a), \j -> [j, 0])
-- INPUTS(guarded): [1.0, 2.0]
-- INPUTS(guarded): [1.0, 2.0, 3.0, 4.0]
-- CHECK-LABEL: entry guarded (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}gather [3] [[A]] (\[[[J:j_[0-9]+]]] -> [cond ((0 <= [[J]]) && ([[J]] < (size n))) 0 (-1)]){{$}}

-- A constant j beyond a constant k: the guard folds to -1 (zeros).
entry outside(a: [n]f64) = gather([2], replicate(3, a), \i -> [3, i])
-- INPUTS(outside): [1.0, 2.0, 3.0]
-- CHECK-LABEL: entry outside (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}gather [2] [[A]] (\[{{i_[0-9]+}}] -> [-1]){{$}}

-- Only j: the rows of the replicate are a itself, replicated by the gather
-- (an empty index list); not done when j needs a guard.
entry whole(a: [n]f64, k: i64) = gather([2], replicate(3, a), \i -> [1]) + gather([2], replicate(3, a), \i -> [k])
-- INPUTS(whole): [1.0, 2.0] 1
-- INPUTS(whole): [1.0, 2.0] 3
-- CHECK-LABEL: entry whole (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64, [[K:k_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}(gather [2] [[A]] (\[{{i_[0-9]+}}] -> [])) + (gather [2] (replicate 3 [[A]]) (\[{{i_[0-9]+}}] -> [[[K]]])){{$}}
