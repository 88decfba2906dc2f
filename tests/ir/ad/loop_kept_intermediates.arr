-- ARGS: --dump-after=ad --dump-after=transpose --verify-ir
-- A loop differentiated inside another loop's step (here the inner fold, when the second
-- round differentiates the outer step's vjp) keeps the values its step's reverse reads:
-- the primal loop stacks tanh's derivative factor beside the state before each step, and
-- the reverse sweep reads it back instead of recomputing the step (no vjp, no tanh). The
-- outer loop, differentiated first, keeps only its states.
def f(xs: [n]f64, w: f64): f64 =
  fold(\a x -> fold(\b y -> tanh(b * w + y * x), a, [x, 2.0 * x]), 0.5, xs)
entry df(xs: [n]f64, w: f64) = grad(f)(xs, w)
-- CHECK-LABEL: -- after ad
-- CHECK: let ({{loop_[0-9]+}}, {{before_[0-9]+}}) = loop n
-- CHECK-LABEL: -- after transpose
-- CHECK: vjp (\
-- CHECK-LABEL: -- after ad (round 2)
-- CHECK: let ({{loop_[0-9]+}}, [[BEFORE:before_[0-9]+]], [[KEPT:kept_[0-9]+]]) = loop 2
-- CHECK: let r_{{[0-9]+}} : f64 = tanh
-- CHECK: let [[F:f_[0-9]+]] : f64 = 1.0 - (r_{{[0-9]+}} * r_{{[0-9]+}})
-- CHECK: (r_{{[0-9]+}}, s_{{[0-9]+}}, [[F]]))
-- CHECK-LABEL: -- after transpose (round 2)
-- CHECK-NOT: vjp
-- CHECK: = loop 2 [ct_{{[0-9]+}}, 0.0, 0.0] [{{.*}}, gather [2] [[BEFORE]] {{.*}}, gather [2] [[KEPT]] (\[{{t_[0-9]+}}] -> [(size 1) - {{t_[0-9]+}}])]
-- CHECK-NOT: tanh
-- CHECK: let [[F]] : f64 = kept_{{[0-9]+}} in
-- CHECK-NOT: tanh
-- CHECK: (d_{{[0-9]+}}, acc_{{[0-9]+}} + d_{{[0-9]+}}, d_{{[0-9]+}})) in
