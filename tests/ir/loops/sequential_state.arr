-- ARGS: --dump-after=loops --verify-ir
-- A loop whose state is an array: one serial loop over the steps (for steps), the
-- state in two buffers swapped after each step (nothing is allocated per step), and
-- the step's own loop parallel as it would be outside.
entry relax(u: [n]f64, steps: [t]f64): [n]f64 =
  fold(\v s -> build([n], \i -> v[i] + s * (v[(i + 1) % n] - v[i])), u, steps)
-- CHECK-LABEL: loops relax(
-- CHECK: [[STATE:state_[0-9]+]] = alloc f64[{{n_[0-9]+}}]
-- CHECK-NEXT: [[NEXT:next_[0-9]+]] = alloc f64[{{n_[0-9]+}}]
-- CHECK: {{^  }}for steps [[STEP:step_[0-9]+]] < {{t_[0-9]+}}:
-- CHECK-NOT: alloc
-- CHECK: {{^    }}parallel for [[I:i_[0-9]+]] < {{n_[0-9]+}} work
-- CHECK: [[NEXT]][[[I]]] = [[STATE]][[[I]]] + ({{steps_[0-9]+}}[[[STEP]]] *
-- CHECK: {{^    }}swap [[STATE]] [[NEXT]]
-- CHECK: free [[STATE]]

-- A scalar state is a local, assigned once per step after the next value is computed.
entry total(xs: [n]f64): f64 = fold(\a x -> a * 0.5 + x, 0.0, xs)
-- CHECK-LABEL: loops total(
-- CHECK: f64 [[S:state_[0-9]+]] = 0.0
-- CHECK-NEXT: for steps [[STEP:step_[0-9]+]] < {{n_[0-9]+}}:
-- CHECK-NEXT: f64 [[N:next_[0-9]+]] = ([[S]] * 0.5) + {{xs_[0-9]+}}[[[STEP]]]
-- CHECK-NEXT: [[S]] = [[N]]
