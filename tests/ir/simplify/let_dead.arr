-- ARGS: --dump-after=simplify --verify-ir
-- An unused let is dropped (evaluation is pure and total, so nothing is lost).
entry main(x: f64) = let y = exp(x) in let z = log(x) in y
-- INPUTS: -1.0
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}exp [[X]]{{$}}
-- CHECK-NOT: log

-- Dead inside a loop, and a dead out-of-range read (totality: no trap to keep).
entry loop(a: [k]f64) = build([k], \i -> let unused = a[i + 100] * 2.0 in a[i])
-- INPUTS(loop): [1.0, 2.0]
-- CHECK-LABEL: entry loop (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}build1 k (\[[I:i_[0-9]+]] -> index [[A]] [[[I]]]){{$}}

-- A tuple binding whose components are unused.
entry pair(a: [k]f64) = let (s, t) = (sum(a), exp(a)) in a * 2.0
-- INPUTS(pair): [1.0, 2.0]
-- CHECK-LABEL: entry pair (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}[[A]] * (replicate k 2.0){{$}}
