-- Second derivatives through every construct AD emits (LANGUAGE.md §8): the
-- inner derivative is ordinary core IR (gathers at argmaxOuter, scatters, masks of
-- if, literals selected per element, replicates and sums, conversions, and the loops
-- of a loop's derivative with their vjp and jvp steps), and the outer differentiation
-- must get it right. Checks as in second_order_unary.arr: finite differences of the
-- compiled gradient against forward over reverse, reverse over reverse (vjp/jvp
-- identity), hvp against hessian, grad of jvp, and the Hessian's symmetry.

-- maximum
-- RANGE: -1 1
def f_maximum(x: [n]f64): f64 = maximum(x * x + reverse(x)) * sum(x)
entry g_maximum(x: [n]f64) = grad(f_maximum)(x)
entry vjp_maximum(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_maximum)(y))(x, w)
entry jvp_maximum(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_maximum)(y))(x, v)
entry hv_maximum(x: [n]f64, v: [n]f64) = hvp(f_maximum, x, v)
entry hm_maximum(x: [n]f64, v: [n]f64) = matvec(hessian(f_maximum, x), v)
entry rf_maximum(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_maximum)(y, v)).1)(x)
entry h_maximum(x: [n]f64) = hessian(f_maximum, x)
entry ht_maximum(x: [n]f64) = transpose(hessian(f_maximum, x))
-- CHECK-VJP-JVP: g_maximum vjp_maximum jvp_maximum [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_maximum hm_maximum [4] [4]
-- CHECK-EQUAL: hv_maximum rf_maximum [4] [4]
-- CHECK-EQUAL: h_maximum ht_maximum [4]
-- TOL: default

-- product
-- RANGE: 0.5 1.5
def f_product(x: [n]f64): f64 = product(x * reverse(x) + x)
entry g_product(x: [n]f64) = grad(f_product)(x)
entry vjp_product(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_product)(y))(x, w)
entry jvp_product(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_product)(y))(x, v)
entry hv_product(x: [n]f64, v: [n]f64) = hvp(f_product, x, v)
entry hm_product(x: [n]f64, v: [n]f64) = matvec(hessian(f_product, x), v)
entry rf_product(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_product)(y, v)).1)(x)
entry h_product(x: [n]f64) = hessian(f_product, x)
entry ht_product(x: [n]f64) = transpose(hessian(f_product, x))
-- CHECK-VJP-JVP: g_product vjp_product jvp_product [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_product hm_product [4] [4]
-- CHECK-EQUAL: hv_product rf_product [4] [4]
-- CHECK-EQUAL: h_product ht_product [4]
-- TOL: default

-- gatherData
-- RANGE: -1 1
def f_gatherData(x: [n]f64): f64 = sum(gather([n], x, \i -> [i64(x[i] * 2.0 + 2.0) % n]) * x * x)
entry g_gatherData(x: [n]f64) = grad(f_gatherData)(x)
entry vjp_gatherData(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_gatherData)(y))(x, w)
entry jvp_gatherData(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_gatherData)(y))(x, v)
entry hv_gatherData(x: [n]f64, v: [n]f64) = hvp(f_gatherData, x, v)
entry hm_gatherData(x: [n]f64, v: [n]f64) = matvec(hessian(f_gatherData, x), v)
entry rf_gatherData(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_gatherData)(y, v)).1)(x)
entry h_gatherData(x: [n]f64) = hessian(f_gatherData, x)
entry ht_gatherData(x: [n]f64) = transpose(hessian(f_gatherData, x))
-- CHECK-VJP-JVP: g_gatherData vjp_gatherData jvp_gatherData [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_gatherData hm_gatherData [4] [4]
-- CHECK-EQUAL: hv_gatherData rf_gatherData [4] [4]
-- CHECK-EQUAL: h_gatherData ht_gatherData [4]
-- TOL: default

-- scatter
-- RANGE: -1 1
def f_scatter(x: [n]f64): f64 = sum(scatter([n], x * x, \i -> [(i * 3 + 1) % n]) * reverse(x))
entry g_scatter(x: [n]f64) = grad(f_scatter)(x)
entry vjp_scatter(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_scatter)(y))(x, w)
entry jvp_scatter(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_scatter)(y))(x, v)
entry hv_scatter(x: [n]f64, v: [n]f64) = hvp(f_scatter, x, v)
entry hm_scatter(x: [n]f64, v: [n]f64) = matvec(hessian(f_scatter, x), v)
entry rf_scatter(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_scatter)(y, v)).1)(x)
entry h_scatter(x: [n]f64) = hessian(f_scatter, x)
entry ht_scatter(x: [n]f64) = transpose(hessian(f_scatter, x))
-- CHECK-VJP-JVP: g_scatter vjp_scatter jvp_scatter [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_scatter hm_scatter [4] [4]
-- CHECK-EQUAL: hv_scatter rf_scatter [4] [4]
-- CHECK-EQUAL: h_scatter ht_scatter [4]
-- TOL: default

-- ifInBuild
-- RANGE: -1 1
def f_ifInBuild(x: [n]f64): f64 = sum(build([n], \i -> if x[i] > 0.0 then x[i] * x[i] * x[n - 1 - i] else sin(x[i]) * x[0]))
entry g_ifInBuild(x: [n]f64) = grad(f_ifInBuild)(x)
entry vjp_ifInBuild(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_ifInBuild)(y))(x, w)
entry jvp_ifInBuild(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_ifInBuild)(y))(x, v)
entry hv_ifInBuild(x: [n]f64, v: [n]f64) = hvp(f_ifInBuild, x, v)
entry hm_ifInBuild(x: [n]f64, v: [n]f64) = matvec(hessian(f_ifInBuild, x), v)
entry rf_ifInBuild(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_ifInBuild)(y, v)).1)(x)
entry h_ifInBuild(x: [n]f64) = hessian(f_ifInBuild, x)
entry ht_ifInBuild(x: [n]f64) = transpose(hessian(f_ifInBuild, x))
-- CHECK-VJP-JVP: g_ifInBuild vjp_ifInBuild jvp_ifInBuild [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_ifInBuild hm_ifInBuild [4] [4]
-- CHECK-EQUAL: hv_ifInBuild rf_ifInBuild [4] [4]
-- CHECK-EQUAL: h_ifInBuild ht_ifInBuild [4]
-- TOL: default

-- scalarIf
-- RANGE: 0.2 1
def f_scalarIf(x: [n]f64): f64 = if x[0] > 0.5 then sum(x * x * x) else sum(exp(x)) * x[1]
entry g_scalarIf(x: [n]f64) = grad(f_scalarIf)(x)
entry vjp_scalarIf(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_scalarIf)(y))(x, w)
entry jvp_scalarIf(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_scalarIf)(y))(x, v)
entry hv_scalarIf(x: [n]f64, v: [n]f64) = hvp(f_scalarIf, x, v)
entry hm_scalarIf(x: [n]f64, v: [n]f64) = matvec(hessian(f_scalarIf, x), v)
entry rf_scalarIf(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_scalarIf)(y, v)).1)(x)
entry h_scalarIf(x: [n]f64) = hessian(f_scalarIf, x)
entry ht_scalarIf(x: [n]f64) = transpose(hessian(f_scalarIf, x))
-- CHECK-VJP-JVP: g_scalarIf vjp_scalarIf jvp_scalarIf [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_scalarIf hm_scalarIf [4] [4]
-- CHECK-EQUAL: hv_scalarIf rf_scalarIf [4] [4]
-- CHECK-EQUAL: h_scalarIf ht_scalarIf [4]
-- TOL: default

-- reshapeTr
-- RANGE: -1 1
def f_reshapeTr(x: [n]f64): f64 = sum(sum(tr([1, 0], reshape([n, 1], x * x)) * reshape([1, n], reverse(x)))) * x[2]
entry g_reshapeTr(x: [n]f64) = grad(f_reshapeTr)(x)
entry vjp_reshapeTr(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_reshapeTr)(y))(x, w)
entry jvp_reshapeTr(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_reshapeTr)(y))(x, v)
entry hv_reshapeTr(x: [n]f64, v: [n]f64) = hvp(f_reshapeTr, x, v)
entry hm_reshapeTr(x: [n]f64, v: [n]f64) = matvec(hessian(f_reshapeTr, x), v)
entry rf_reshapeTr(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_reshapeTr)(y, v)).1)(x)
entry h_reshapeTr(x: [n]f64) = hessian(f_reshapeTr, x)
entry ht_reshapeTr(x: [n]f64) = transpose(hessian(f_reshapeTr, x))
-- CHECK-VJP-JVP: g_reshapeTr vjp_reshapeTr jvp_reshapeTr [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_reshapeTr hm_reshapeTr [4] [4]
-- CHECK-EQUAL: hv_reshapeTr rf_reshapeTr [4] [4]
-- CHECK-EQUAL: h_reshapeTr ht_reshapeTr [4]
-- TOL: default

-- replicateSum
-- RANGE: -1 1
def f_replicateSum(x: [n]f64): f64 = sum(sumOuter(replicate(3, x * x)) * reverse(x)) + sum(x) * sum(x) * sum(x)
entry g_replicateSum(x: [n]f64) = grad(f_replicateSum)(x)
entry vjp_replicateSum(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_replicateSum)(y))(x, w)
entry jvp_replicateSum(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_replicateSum)(y))(x, v)
entry hv_replicateSum(x: [n]f64, v: [n]f64) = hvp(f_replicateSum, x, v)
entry hm_replicateSum(x: [n]f64, v: [n]f64) = matvec(hessian(f_replicateSum, x), v)
entry rf_replicateSum(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_replicateSum)(y, v)).1)(x)
entry h_replicateSum(x: [n]f64) = hessian(f_replicateSum, x)
entry ht_replicateSum(x: [n]f64) = transpose(hessian(f_replicateSum, x))
-- CHECK-VJP-JVP: g_replicateSum vjp_replicateSum jvp_replicateSum [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_replicateSum hm_replicateSum [4] [4]
-- CHECK-EQUAL: hv_replicateSum rf_replicateSum [4] [4]
-- CHECK-EQUAL: h_replicateSum ht_replicateSum [4]
-- TOL: default

-- softmax
-- RANGE: -1 1
def f_softmax(x: [n]f64): f64 = logSumExp(x * reverse(x)) + sum(softmax(x) * x)
entry g_softmax(x: [n]f64) = grad(f_softmax)(x)
entry vjp_softmax(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_softmax)(y))(x, w)
entry jvp_softmax(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_softmax)(y))(x, v)
entry hv_softmax(x: [n]f64, v: [n]f64) = hvp(f_softmax, x, v)
entry hm_softmax(x: [n]f64, v: [n]f64) = matvec(hessian(f_softmax, x), v)
entry rf_softmax(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_softmax)(y, v)).1)(x)
entry h_softmax(x: [n]f64) = hessian(f_softmax, x)
entry ht_softmax(x: [n]f64) = transpose(hessian(f_softmax, x))
-- CHECK-VJP-JVP: g_softmax vjp_softmax jvp_softmax [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_softmax hm_softmax [4] [4]
-- CHECK-EQUAL: hv_softmax rf_softmax [4] [4]
-- CHECK-EQUAL: h_softmax ht_softmax [4]
-- TOL: default

-- fold
-- RANGE: -1 1
def f_fold(x: [n]f64): f64 = fold(\a e -> a * x[0] + sin(e * a), 0.5, x)
entry g_fold(x: [n]f64) = grad(f_fold)(x)
entry vjp_fold(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_fold)(y))(x, w)
entry jvp_fold(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_fold)(y))(x, v)
entry hv_fold(x: [n]f64, v: [n]f64) = hvp(f_fold, x, v)
entry hm_fold(x: [n]f64, v: [n]f64) = matvec(hessian(f_fold, x), v)
entry rf_fold(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_fold)(y, v)).1)(x)
entry h_fold(x: [n]f64) = hessian(f_fold, x)
entry ht_fold(x: [n]f64) = transpose(hessian(f_fold, x))
-- CHECK-VJP-JVP: g_fold vjp_fold jvp_fold [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_fold hm_fold [4] [4]
-- CHECK-EQUAL: hv_fold rf_fold [4] [4]
-- CHECK-EQUAL: h_fold ht_fold [4]
-- TOL: default

-- scan
-- RANGE: -1 1
def f_scan(x: [n]f64): f64 = sum(scan(\a e -> tanh(a * e + e), 0.3, x) * reverse(x))
entry g_scan(x: [n]f64) = grad(f_scan)(x)
entry vjp_scan(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_scan)(y))(x, w)
entry jvp_scan(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_scan)(y))(x, v)
entry hv_scan(x: [n]f64, v: [n]f64) = hvp(f_scan, x, v)
entry hm_scan(x: [n]f64, v: [n]f64) = matvec(hessian(f_scan, x), v)
entry rf_scan(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_scan)(y, v)).1)(x)
entry h_scan(x: [n]f64) = hessian(f_scan, x)
entry ht_scan(x: [n]f64) = transpose(hessian(f_scan, x))
-- CHECK-VJP-JVP: g_scan vjp_scan jvp_scan [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_scan hm_scan [4] [4]
-- CHECK-EQUAL: hv_scan rf_scan [4] [4]
-- CHECK-EQUAL: h_scan ht_scan [4]
-- TOL: default

-- mapAccum
-- RANGE: -1 1
def f_mapAccum(x: [n]f64): f64 = let (s, ys) = mapAccum(\a e -> (a * e + x[1], exp(a) * e), 1.0, x) in s * s + sum(ys)
entry g_mapAccum(x: [n]f64) = grad(f_mapAccum)(x)
entry vjp_mapAccum(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_mapAccum)(y))(x, w)
entry jvp_mapAccum(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_mapAccum)(y))(x, v)
entry hv_mapAccum(x: [n]f64, v: [n]f64) = hvp(f_mapAccum, x, v)
entry hm_mapAccum(x: [n]f64, v: [n]f64) = matvec(hessian(f_mapAccum, x), v)
entry rf_mapAccum(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_mapAccum)(y, v)).1)(x)
entry h_mapAccum(x: [n]f64) = hessian(f_mapAccum, x)
entry ht_mapAccum(x: [n]f64) = transpose(hessian(f_mapAccum, x))
-- CHECK-VJP-JVP: g_mapAccum vjp_mapAccum jvp_mapAccum [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_mapAccum hm_mapAccum [4] [4]
-- CHECK-EQUAL: hv_mapAccum rf_mapAccum [4] [4]
-- CHECK-EQUAL: h_mapAccum ht_mapAccum [4]
-- TOL: default

-- arrayState
-- RANGE: -1 1
def f_arrayState(x: [n]f64): f64 = sum(fold(\v e -> v * e + sin(v) * x, x, x))
entry g_arrayState(x: [n]f64) = grad(f_arrayState)(x)
entry vjp_arrayState(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_arrayState)(y))(x, w)
entry jvp_arrayState(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_arrayState)(y))(x, v)
entry hv_arrayState(x: [n]f64, v: [n]f64) = hvp(f_arrayState, x, v)
entry hm_arrayState(x: [n]f64, v: [n]f64) = matvec(hessian(f_arrayState, x), v)
entry rf_arrayState(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_arrayState)(y, v)).1)(x)
entry h_arrayState(x: [n]f64) = hessian(f_arrayState, x)
entry ht_arrayState(x: [n]f64) = transpose(hessian(f_arrayState, x))
-- CHECK-VJP-JVP: g_arrayState vjp_arrayState jvp_arrayState [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_arrayState hm_arrayState [4] [4]
-- CHECK-EQUAL: hv_arrayState rf_arrayState [4] [4]
-- CHECK-EQUAL: h_arrayState ht_arrayState [4]
-- TOL: default

-- nestedLoops
-- RANGE: -1 1
def f_nestedLoops(x: [n]f64): f64 = fold(\a e -> a + fold(\b f -> b * e + f * a, 0.1, x), 0.2, x)
entry g_nestedLoops(x: [n]f64) = grad(f_nestedLoops)(x)
entry vjp_nestedLoops(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_nestedLoops)(y))(x, w)
entry jvp_nestedLoops(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_nestedLoops)(y))(x, v)
entry hv_nestedLoops(x: [n]f64, v: [n]f64) = hvp(f_nestedLoops, x, v)
entry hm_nestedLoops(x: [n]f64, v: [n]f64) = matvec(hessian(f_nestedLoops, x), v)
entry rf_nestedLoops(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_nestedLoops)(y, v)).1)(x)
entry h_nestedLoops(x: [n]f64) = hessian(f_nestedLoops, x)
entry ht_nestedLoops(x: [n]f64) = transpose(hessian(f_nestedLoops, x))
-- CHECK-VJP-JVP: g_nestedLoops vjp_nestedLoops jvp_nestedLoops [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_nestedLoops hm_nestedLoops [4] [4]
-- CHECK-EQUAL: hv_nestedLoops rf_nestedLoops [4] [4]
-- CHECK-EQUAL: h_nestedLoops ht_nestedLoops [4]
-- TOL: default

-- loopInBuild
-- RANGE: -1 1
def f_loopInBuild(x: [n]f64): f64 = sum(build([n], \i -> fold(\a e -> a * x[i] + e * e, x[i], x)))
entry g_loopInBuild(x: [n]f64) = grad(f_loopInBuild)(x)
entry vjp_loopInBuild(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_loopInBuild)(y))(x, w)
entry jvp_loopInBuild(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_loopInBuild)(y))(x, v)
entry hv_loopInBuild(x: [n]f64, v: [n]f64) = hvp(f_loopInBuild, x, v)
entry hm_loopInBuild(x: [n]f64, v: [n]f64) = matvec(hessian(f_loopInBuild, x), v)
entry rf_loopInBuild(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_loopInBuild)(y, v)).1)(x)
entry h_loopInBuild(x: [n]f64) = hessian(f_loopInBuild, x)
entry ht_loopInBuild(x: [n]f64) = transpose(hessian(f_loopInBuild, x))
-- CHECK-VJP-JVP: g_loopInBuild vjp_loopInBuild jvp_loopInBuild [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_loopInBuild hm_loopInBuild [4] [4]
-- CHECK-EQUAL: hv_loopInBuild rf_loopInBuild [4] [4]
-- CHECK-EQUAL: h_loopInBuild ht_loopInBuild [4]
-- TOL: default

-- gradInLoop
-- RANGE: 0.5 1.5
def f_gradInLoop(x: [n]f64): f64 = fold(\a e -> a + e * grad(\z -> z * z * e)(a), 0.1, x)
entry g_gradInLoop(x: [n]f64) = grad(f_gradInLoop)(x)
entry vjp_gradInLoop(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_gradInLoop)(y))(x, w)
entry jvp_gradInLoop(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_gradInLoop)(y))(x, v)
entry hv_gradInLoop(x: [n]f64, v: [n]f64) = hvp(f_gradInLoop, x, v)
entry hm_gradInLoop(x: [n]f64, v: [n]f64) = matvec(hessian(f_gradInLoop, x), v)
entry rf_gradInLoop(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_gradInLoop)(y, v)).1)(x)
entry h_gradInLoop(x: [n]f64) = hessian(f_gradInLoop, x)
entry ht_gradInLoop(x: [n]f64) = transpose(hessian(f_gradInLoop, x))
-- CHECK-VJP-JVP: g_gradInLoop vjp_gradInLoop jvp_gradInLoop [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_gradInLoop hm_gradInLoop [4] [4]
-- CHECK-EQUAL: hv_gradInLoop rf_gradInLoop [4] [4]
-- CHECK-EQUAL: h_gradInLoop ht_gradInLoop [4]
-- TOL: default

-- conversions
-- RANGE: -1 1
def f_conversions(x: [n]f32): f32 = sum(f32(f64(x) * f64(x) * f64(reverse(x)))) + sum(f32(sin(f64(x))))
entry g_conversions(x: [n]f32) = grad(f_conversions)(x)
entry vjp_conversions(x: [n]f32, w: [n]f32) = vjp(\y -> grad(f_conversions)(y))(x, w)
entry jvp_conversions(x: [n]f32, v: [n]f32) = jvp(\y -> grad(f_conversions)(y))(x, v)
entry hv_conversions(x: [n]f32, v: [n]f32) = hvp(f_conversions, x, v)
entry hm_conversions(x: [n]f32, v: [n]f32) = matvec(hessian(f_conversions, x), v)
entry rf_conversions(x: [n]f32, v: [n]f32) = grad(\y -> (jvp(f_conversions)(y, v)).1)(x)
entry h_conversions(x: [n]f32) = hessian(f_conversions, x)
entry ht_conversions(x: [n]f32) = transpose(hessian(f_conversions, x))
-- CHECK-VJP-JVP: g_conversions vjp_conversions jvp_conversions [4]f32
-- TOL: 1e-5 1e-6
-- CHECK-EQUAL: hv_conversions hm_conversions [4]f32 [4]f32
-- CHECK-EQUAL: hv_conversions rf_conversions [4]f32 [4]f32
-- CHECK-EQUAL: h_conversions ht_conversions [4]f32
-- TOL: default

-- Third derivatives: lgamma's is polygamma(2), digamma's polygamma(3) (the compiler's).
-- RANGE: 0.5 3
def lg(x: f64): f64 = lgamma(x)
entry d1(x: f64) = grad(lg)(x)
entry d2(x: f64) = grad(\y -> grad(lg)(y))(x)
entry d3(x: f64) = grad(\y -> grad(\z -> grad(lg)(z))(y))(x)
entry d4(x: f64) = grad(\y -> grad(\z -> grad(\w -> grad(lg)(w))(z))(y))(x)
-- CHECK-GRAD: d1 d2 []
-- CHECK-GRAD: d2 d3 []
-- CHECK-GRAD: d3 d4 []

-- vjp of vjp and a gradient penalty: the gradient of a loss that contains the norm of
-- another gradient (as in WGAN-GP), with respect to the weights.
-- RANGE: -1 1
def inner(w: [n]f64, x: [n]f64): f64 = sum(tanh(w * x)) * sum(w)
def penalty(w: [n]f64, x: [n]f64): f64 = let g = grad(\y -> inner(w, y))(x) in sum(g * g) + inner(w, x)
entry lossPenalty(w: [n]f64, x: [n]f64): f64 = penalty(w, x)
entry dPenalty(w: [n]f64, x: [n]f64) = grad(\v -> penalty(v, x))(w)
-- CHECK-GRAD: lossPenalty dPenalty [4] ~[4]
entry vv(x: [n]f64, a: [n]f64, b: [n]f64) = vjp(\y -> vjp(\z -> sin(z) * z)(y, a))(x, b)
entry vvExpected(x: [n]f64, a: [n]f64, b: [n]f64): [n]f64 = b * a * (2.0 * cos(x) - x * sin(x))
-- CHECK-EQUAL: vv vvExpected [4] [4] [4]

-- No perturbation confusion: a lambda differentiated inside another captures the outer
-- variable, which is a constant to the inner derivative only.
entry confusion(x: f64): f64 = grad(\a -> a * grad(\b -> a * b * b)(a))(x)
entry confusionExpected(x: f64): f64 = 6.0 * x * x
-- CHECK-EQUAL: confusion confusionExpected []
