-- ARGS: --dump-after=ad --dump-after=transpose --verify-ir
-- The derivative of a loop is one Delta for all its results (LoopResult of a shared
-- Loop over the operands' tangents). The primal loop also keeps the state before each
-- step; the reverse sweep is a loop over the reversed elements and kept states whose
-- step is the vjp of the loop's step (a Diff node, differentiated in the next round,
-- innermost first), accumulating the captured value's cotangent in its state.
def f(init: f64, xs: [n]f64, w: f64): f64 = fold(\a x -> a * w + x * x, init, xs)
entry df(init: f64, xs: [n]f64, w: f64) = grad(f)(init, xs, w)
-- CHECK-LABEL: -- after ad
-- CHECK: let ([[FINAL:loop_[0-9]+]], [[BEFORE:before_[0-9]+]]) = loop n
-- CHECK: delta 0: Share {{[0-9]+}} (LoopResult 0 (Share {{[0-9]+}} (Loop n [(Input 0), (Input 1), (Input 2)])))
-- CHECK-LABEL: -- after transpose
-- CHECK: let ({{ct_[0-9]+}} : f64, {{ct_[0-9]+}} : f64, [[CTX:ct_[0-9]+]] : [n]f64) = loop n [1.0, 0.0] [gather [n] {{x_[0-9]+}} (\[{{t_[0-9]+}}] -> [(size n-1) - {{t_[0-9]+}}]), gather [n] [[BEFORE]] (\[{{t_[0-9]+}}] -> [(size n-1) - {{t_[0-9]+}}])]
-- CHECK: vjp (\
-- CHECK-LABEL: -- after ad (round 2)
-- CHECK: vjp:
-- CHECK-LABEL: -- after transpose (round 2)
-- CHECK-NOT: vjp
-- CHECK: gather [n] [[CTX]] (\[{{t_[0-9]+}}] -> [(size n-1) - {{t_[0-9]+}}])
