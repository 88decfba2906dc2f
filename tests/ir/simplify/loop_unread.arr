-- ARGS: --dump-after=optimize --verify-ir --loop-checkpoints=all
-- A loop computes only what is read: stacked outputs and final state components nobody
-- reads go (a state component only when the kept results do not read it either), then
-- the elements and captured values its step does not read. Reverse mode makes such
-- loops: its forward sweep stacks every state for a reverse sweep whose steps, linear
-- in the state, never read them (issue #37), so the stack goes, and with it the forward
-- sweep.

-- The stacked outputs are not read: the loop keeps its state alone.
entry finalOnly(xs: [n]f64) = let (s, ys) = mapAccum(\s x -> (s + x, s * x), 0.0, xs) in s
-- INPUTS(finalOnly): [1.0, 2.0, 3.0]
-- CHECK-LABEL: entry finalOnly (
-- CHECK-SAME: [[XS:xs_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}let [[L:loop_[0-9]+]] : f64 = loop n [0.0] [[[XS]]] [] (\[[S:s_[0-9]+]] [[X:x_[0-9]+]] ->{{$}}
-- CHECK-NEXT: {{^        }}[[S]] + [[X]]) in{{$}}
-- CHECK-NEXT: {{^  }}[[L]]{{$}}

-- The gradient of a loop whose step is linear in its state: the reverse sweep reads
-- the captured factor only, so no state is stacked and no forward sweep runs.
def decay(u0: [n]f64, w: f64): f64 = let u = iterate(10, \t v -> map(\e -> e * w, v), u0) in sum(u)
entry linear(u0: [n]f64, w: f64) = grad(\u -> decay(u, w))(u0)
-- CHECK-LABEL: entry linear (
-- CHECK-SAME: [[U:u0_[0-9]+]] : [n]f64, [[W:w_[0-9]+]] : f64) =
-- CHECK-NOT: before
-- CHECK-NOT: [[U]]
-- CHECK: {{^  }}let [[CT:ct_[0-9]+]] : [n]f64 = loop 10 [replicate n 1.0] [] [[[W]]] (\[[C:ct_[0-9]+]] [[F:c_[0-9]+]] ->{{$}}
-- CHECK-NEXT: {{^        }}[[C]] * (replicate n [[F]])) in{{$}}
-- CHECK-NEXT: {{^  }}[[CT]]{{$}}
