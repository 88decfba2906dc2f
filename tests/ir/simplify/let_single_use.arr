-- ARGS: --dump-after=simplify --verify-ir
-- let x = v in b with a single use of x outside loops is inlined (v is then
-- still computed once).

-- A chain of single uses.
entry chain(a: [k]f64) = let y = exp(a) in let z = y * 2.0 in z + 1.0
-- INPUTS(chain): [0.0, 1.0, -3.5]
-- CHECK-LABEL: entry chain (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}((exp [[A]]) * (replicate k 2.0)) + (replicate k 1.0){{$}}

-- The single use is in a branch of a (strict) cond.
entry branch(a: f64) = let y = exp(a) in if a > 0.0 then y else 0.0
-- INPUTS(branch): 1.5
-- CHECK-LABEL: entry branch (
-- CHECK-SAME: [[A:a_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}cond ([[A]] > 0.0) (exp [[A]]) 0.0{{$}}

-- The lowering of a call binds a non-trivial argument used once: `sum` here.
entry call(a: [k]f64) = sum(exp(a))
-- INPUTS(call): [0.0, 1.0, -3.5]
-- CHECK-LABEL: entry call (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}sumOuter (exp [[A]]){{$}}

-- A let inside a build whose use is in the same iteration (not a nested loop).
entry inner(a: [k]f64) = build([k], \i -> let y = exp(a[i]) in y + 1.0)
-- INPUTS(inner): [0.0, 1.0, -3.5]
-- CHECK-LABEL: entry inner (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}build1 k (\[[I:i_[0-9]+]] -> (exp (index [[A]] [[[I]]])) + 1.0){{$}}

-- Two uses: the let stays.
entry twice(a: [k]f64) = let y = exp(a) in y * y
-- INPUTS(twice): [0.0, 1.0, -3.5]
-- CHECK-LABEL: entry twice (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}let [[Y:y_[0-9]+]] : [k]f64 = exp [[A]] in
-- CHECK-NEXT: {{^  }}[[Y]] * [[Y]]{{$}}
