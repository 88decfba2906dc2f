-- ARGS: --dump-after=simplify --verify-ir
-- A let bound to a differentiation stays, even with a single use outside
-- loops (the AD pass replaces such bindings); an unused one is dropped.
-- Inside the differentiated function, the BOT has run, and the simplifier
-- turns its identity gathers into the array (the paper's section 4.5 example
-- as a gradient), and inlines the single-use let made for `sum`.
-- (No INPUTS: the interpreter cannot run grad on the IR before the AD pass.)
entry main(a: [k]f64) = let d = grad(\v -> sum(build([k], \i -> v[i] + 1.0)))(a) in d * 2.0
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}let [[D:d_[0-9]+]] : [k]f64 = grad (\[[V:[a-z]+_[0-9]+]] ->
-- CHECK-NEXT: {{^        }}sumOuter ([[V]] + (replicate k 1.0))) [[A]] in
-- CHECK-NEXT: {{^  }}[[D]] * (replicate k 2.0){{$}}

-- The whole result.
entry whole(a: [k]f64) = grad(\v -> sum(build([k], \i -> v[i] * v[k - 1 - i])))(a)
-- CHECK-LABEL: entry whole (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}let [[D:d_[0-9]+]] : [k]f64 = grad (\[[V:[a-z]+_[0-9]+]] ->
-- CHECK-NEXT: {{^        }}sumOuter ([[V]] * (gather [k] [[V]] (\[[[I:i_[0-9]+]]] -> [((size k) - 1) - [[I]]])))) [[A]] in
-- CHECK-NEXT: {{^  }}[[D]]{{$}}

-- Unused: dropped.
entry dead(a: [k]f64) = let d = grad(\v -> sum(v * v))(a) in a
-- CHECK-LABEL: entry dead (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}[[A]]{{$}}
