-- ARGS: --dump-after=hoist --dump-after=transpose --verify-ir
-- A derivative that is the same for every point is computed once: Q (x_i - mu_j)
-- depends on the means mu only through `replicate n`, and its factors exp(q) and
-- the lower triangle of ls are replicated along n too, so the means part of the
-- tangent is (Replicate n (...)) around the [k,d] linear map. The reverse pass then
-- sums the cotangent over the points first and multiplies by Q^T once per
-- component: the gather of ls in the gradient is [k, d, d], not [n, k, d, d].
def qTimes(q: [d]f64, ls: [d,d]f64, v: [d]f64): [d]f64 =
  build([d], \r -> exp(q[r]) * v[r] + sum(build([d], \c -> if c < r then ls[r, c] * v[c] else 0.0)))
entry dmeans(m: [k,d]f64, q: [k,d]f64, ls: [k,d,d]f64, x: [n,d]f64) =
  grad(\mu -> sum(build([n], \i -> sum(build([k], \j ->
    let v = qTimes(q[j], ls[j], x[i] - mu[j]) in sum(v * v))))))(m)

-- Under an `if`, the factors are applied before the mask only while the
-- derivative keeps its shape, so that a branch not taken contributes an exact 0
-- even where its factor (here 1/q at q = 0) is infinite: that share is left alone.
entry dmasked(x: [n]f64, q: f64, mu: f64) =
  grad(\m -> sum(build([n], \i -> if x[i] > 0.0 then (x[i] - m) / q else 0.0)))(mu)

-- CHECK-LABEL: grad:
-- CHECK: let [[EXPQ:f_[0-9]+]] = exp q_{{[0-9]+}}
-- CHECK: delta 0: {{.*}}(Scale [[V:v_[0-9]+]] (Share [[S:[0-9]+]] (Replicate n (Share {{[0-9]+}} (Add (Share {{[0-9]+}} (Scale [[EXPQ]] (Share {{[0-9]+}} (Scale f_{{[0-9]+}} (Input 0)))))
-- CHECK-SAME: (Gather [k,d,d] (Share {{[0-9]+}} (LitArray [(Share {{[0-9]+}} (Scale ls_{{[0-9]+}}
-- CHECK-SAME: (Scale [[V]] (Share [[S]]))
-- CHECK-LABEL: grad:
-- CHECK: delta 0: {{.*}}(LitArray [(Share {{[0-9]+}} (Scale {{[a-z]+_[0-9]+}} (Share {{[0-9]+}} (Scale f_{{[0-9]+}} (Share {{[0-9]+}} (Replicate n (Input 0){{\)+}}, Zero])

-- CHECK-LABEL: entry dmeans (
-- CHECK-NOT: gather [n, k, d, d] [{{.*}}ls_
-- CHECK: : [k,d]f64 = {{.*}}sumOuter (tr [1, 0] (gather [k, d, d] [(tr [1, 2, 0] (replicate d {{.*}})) * ls_{{[0-9]+}}
-- CHECK-LABEL: entry dmasked (
