-- ARGS: --dump-after=ad --dump-after=transpose --verify-ir
-- --dump-after=ad shows a jvp as its primal bindings and, per result component,
-- the primal result and the symbolic Delta term forward mode evaluates: the
-- tangent of parameter k enters as (Input k), the i64 parameter has none, and a
-- result that does not depend on the inputs has the delta Zero.
-- --dump-after=transpose then shows the tangent program: the primal results and
-- the tangents as lets over the tangent parameters ta and tb, the Zero tangent a
-- literal 0.0 (no array of zeros), and the unused tangent tc never read.
def f(a: [n]f64, k: i64, b: f64, c: [n]f64): ([n]f64, f64, f64) = (sin(a) * b, sum(a) * f64(k), 3.0 + f64(k))
entry jf(a: [n]f64, k: i64, b: f64, c: [n]f64, ta: [n]f64, tb: f64, tc: [n]f64) = jvp(f)(a, k, b, c, ta, tb, tc)

-- CHECK-LABEL: jvp:
-- CHECK-NEXT: primal:
-- CHECK-DAG: let [[COS:[a-z]+_[0-9]+]] = cos [[A:x_[0-9]+]]
-- CHECK-DAG: let [[SIN:[a-z]+_[0-9]+]] = sin [[A]]
-- CHECK-DAG: let [[B:[a-z]+_[0-9]+]] = replicate n [[XB:x_[0-9]+]]
-- CHECK: result 0: [[SIN]] * [[B]]
-- CHECK-NEXT: delta 0: {{[^I]*}}(Scale [[B]] {{[^I]*}}(Scale [[COS]] (Input 0)){{[^I]*}}(Scale [[SIN]] {{[^I]*}}(Replicate n (Input 2)){{[^I]*$}}
-- CHECK-NEXT: result 1:
-- CHECK-NEXT: delta 1: {{[^I]*}}(SumOuter (Input 0)){{[^I]*$}}
-- CHECK-NEXT: result 2:
-- CHECK-NEXT: delta 2: Zero{{$}}

-- CHECK-LABEL: entry jf (
-- CHECK-SAME: [[TA:ta_[0-9]+]] : [n]f64, [[TB:tb_[0-9]+]] : f64, [[TC:tc_[0-9]+]] : [n]f64) =
-- CHECK-NOT: [[TC]]
-- CHECK: let [[D0:d_[0-9]+]] : [n]f64 = [[SIN2:[a-z]+_[0-9]+]] * [[B2:[a-z]+_[0-9]+]] in
-- CHECK: let [[T0:d_[0-9]+]] : [n]f64 = (([[TA]] * {{[a-z]+_[0-9]+}}) * [[B2]]) + ((replicate n [[TB]]) * [[SIN2]]) in
-- CHECK-NEXT: let [[T1:d_[0-9]+]] : f64 = (sumOuter [[TA]]) * {{[a-z]+_[0-9]+}} in
-- CHECK-NEXT: let [[T2:d_[0-9]+]] : f64 = 0.0 in
-- CHECK-NEXT: ([[D0]], {{d_[0-9]+}}, {{d_[0-9]+}}, [[T0]], [[T1]], [[T2]])
-- CHECK-NOT: [[TC]]
