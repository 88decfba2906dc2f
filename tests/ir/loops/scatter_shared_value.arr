-- ARGS: --dump-after=loops --verify-ir
-- The gradient of an unrolled recurrence scatters one scalar per step, each computed
-- from the chain of states. A scattered scalar is pulled before the range test of its
-- target, where it is shared with the other scatters: each state's tanh is computed
-- once (under the range tests, every scatter recomputed the chain, and the loop IR grew
-- with the square of the number of steps: 32 tanh here).
def f(x: [n]f64, w: [n]f64): f64 =
  let s1 = tanh(0.5 * w[0 % n] + x[0 % n]) in
  let s2 = tanh(s1 * w[1 % n] + x[1 % n]) in
  let s3 = tanh(s2 * w[2 % n] + x[2 % n]) in
  let s4 = tanh(s3 * w[3 % n] + x[3 % n]) in
  s4
entry g(x: [n]f64, w: [n]f64) = grad(f)(x, w)
-- CHECK-LABEL: loops g(
-- CHECK-COUNT-4: tanh(
-- CHECK-NOT: tanh(
-- CHECK: if (0 <= [[I:i_[0-9]+]]) && ([[I]] < n_0):
-- CHECK-NEXT: t_{{[0-9]+}}[[[I]]] += s_{{[0-9]+}}{{$}}
