-- Second derivatives of every unary primitive (LANGUAGE.md §8, nested
-- differentiation): finite differences of the compiled gradient against its
-- forward-over-reverse Hessian-vector product (and the vjp/jvp identity of the
-- gradient, reverse over reverse), hvp against hessian times v, forward-over-reverse
-- against reverse-over-forward (grad of jvp), and the Hessian's symmetry. Each
-- function mixes neighbouring elements (reverse) so the Hessian is not diagonal.

-- exp
-- RANGE: -1 1
def f_exp(x: [n]f64): f64 = sum(exp(x) * reverse(x)) + sum(exp(x * x))
entry g_exp(x: [n]f64) = grad(f_exp)(x)
entry vjp_exp(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_exp)(y))(x, w)
entry jvp_exp(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_exp)(y))(x, v)
entry hv_exp(x: [n]f64, v: [n]f64) = hvp(f_exp, x, v)
entry hm_exp(x: [n]f64, v: [n]f64) = matvec(hessian(f_exp, x), v)
entry rf_exp(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_exp)(y, v)).1)(x)
entry h_exp(x: [n]f64) = hessian(f_exp, x)
entry ht_exp(x: [n]f64) = transpose(hessian(f_exp, x))
-- CHECK-VJP-JVP: g_exp vjp_exp jvp_exp [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_exp hm_exp [4] [4]
-- CHECK-EQUAL: hv_exp rf_exp [4] [4]
-- CHECK-EQUAL: h_exp ht_exp [4]
-- TOL: default

-- log
-- RANGE: 0.2 2
def f_log(x: [n]f64): f64 = sum(log(x) * reverse(x)) + sum(log(x * x))
entry g_log(x: [n]f64) = grad(f_log)(x)
entry vjp_log(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_log)(y))(x, w)
entry jvp_log(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_log)(y))(x, v)
entry hv_log(x: [n]f64, v: [n]f64) = hvp(f_log, x, v)
entry hm_log(x: [n]f64, v: [n]f64) = matvec(hessian(f_log, x), v)
entry rf_log(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_log)(y, v)).1)(x)
entry h_log(x: [n]f64) = hessian(f_log, x)
entry ht_log(x: [n]f64) = transpose(hessian(f_log, x))
-- CHECK-VJP-JVP: g_log vjp_log jvp_log [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_log hm_log [4] [4]
-- CHECK-EQUAL: hv_log rf_log [4] [4]
-- CHECK-EQUAL: h_log ht_log [4]
-- TOL: default

-- sqrt
-- RANGE: 0.2 2
def f_sqrt(x: [n]f64): f64 = sum(sqrt(x) * reverse(x)) + sum(sqrt(x * x))
entry g_sqrt(x: [n]f64) = grad(f_sqrt)(x)
entry vjp_sqrt(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_sqrt)(y))(x, w)
entry jvp_sqrt(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_sqrt)(y))(x, v)
entry hv_sqrt(x: [n]f64, v: [n]f64) = hvp(f_sqrt, x, v)
entry hm_sqrt(x: [n]f64, v: [n]f64) = matvec(hessian(f_sqrt, x), v)
entry rf_sqrt(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_sqrt)(y, v)).1)(x)
entry h_sqrt(x: [n]f64) = hessian(f_sqrt, x)
entry ht_sqrt(x: [n]f64) = transpose(hessian(f_sqrt, x))
-- CHECK-VJP-JVP: g_sqrt vjp_sqrt jvp_sqrt [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_sqrt hm_sqrt [4] [4]
-- CHECK-EQUAL: hv_sqrt rf_sqrt [4] [4]
-- CHECK-EQUAL: h_sqrt ht_sqrt [4]
-- TOL: default

-- sin
-- RANGE: -1 1
def f_sin(x: [n]f64): f64 = sum(sin(x) * reverse(x)) + sum(sin(x * x))
entry g_sin(x: [n]f64) = grad(f_sin)(x)
entry vjp_sin(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_sin)(y))(x, w)
entry jvp_sin(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_sin)(y))(x, v)
entry hv_sin(x: [n]f64, v: [n]f64) = hvp(f_sin, x, v)
entry hm_sin(x: [n]f64, v: [n]f64) = matvec(hessian(f_sin, x), v)
entry rf_sin(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_sin)(y, v)).1)(x)
entry h_sin(x: [n]f64) = hessian(f_sin, x)
entry ht_sin(x: [n]f64) = transpose(hessian(f_sin, x))
-- CHECK-VJP-JVP: g_sin vjp_sin jvp_sin [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_sin hm_sin [4] [4]
-- CHECK-EQUAL: hv_sin rf_sin [4] [4]
-- CHECK-EQUAL: h_sin ht_sin [4]
-- TOL: default

-- cos
-- RANGE: -1 1
def f_cos(x: [n]f64): f64 = sum(cos(x) * reverse(x)) + sum(cos(x * x))
entry g_cos(x: [n]f64) = grad(f_cos)(x)
entry vjp_cos(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_cos)(y))(x, w)
entry jvp_cos(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_cos)(y))(x, v)
entry hv_cos(x: [n]f64, v: [n]f64) = hvp(f_cos, x, v)
entry hm_cos(x: [n]f64, v: [n]f64) = matvec(hessian(f_cos, x), v)
entry rf_cos(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_cos)(y, v)).1)(x)
entry h_cos(x: [n]f64) = hessian(f_cos, x)
entry ht_cos(x: [n]f64) = transpose(hessian(f_cos, x))
-- CHECK-VJP-JVP: g_cos vjp_cos jvp_cos [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_cos hm_cos [4] [4]
-- CHECK-EQUAL: hv_cos rf_cos [4] [4]
-- CHECK-EQUAL: h_cos ht_cos [4]
-- TOL: default

-- tan
-- RANGE: -1 1
def f_tan(x: [n]f64): f64 = sum(tan(x) * reverse(x)) + sum(tan(x * x))
entry g_tan(x: [n]f64) = grad(f_tan)(x)
entry vjp_tan(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_tan)(y))(x, w)
entry jvp_tan(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_tan)(y))(x, v)
entry hv_tan(x: [n]f64, v: [n]f64) = hvp(f_tan, x, v)
entry hm_tan(x: [n]f64, v: [n]f64) = matvec(hessian(f_tan, x), v)
entry rf_tan(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_tan)(y, v)).1)(x)
entry h_tan(x: [n]f64) = hessian(f_tan, x)
entry ht_tan(x: [n]f64) = transpose(hessian(f_tan, x))
-- CHECK-VJP-JVP: g_tan vjp_tan jvp_tan [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_tan hm_tan [4] [4]
-- CHECK-EQUAL: hv_tan rf_tan [4] [4]
-- CHECK-EQUAL: h_tan ht_tan [4]
-- TOL: default

-- tanh
-- RANGE: -1 1
def f_tanh(x: [n]f64): f64 = sum(tanh(x) * reverse(x)) + sum(tanh(x * x))
entry g_tanh(x: [n]f64) = grad(f_tanh)(x)
entry vjp_tanh(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_tanh)(y))(x, w)
entry jvp_tanh(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_tanh)(y))(x, v)
entry hv_tanh(x: [n]f64, v: [n]f64) = hvp(f_tanh, x, v)
entry hm_tanh(x: [n]f64, v: [n]f64) = matvec(hessian(f_tanh, x), v)
entry rf_tanh(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_tanh)(y, v)).1)(x)
entry h_tanh(x: [n]f64) = hessian(f_tanh, x)
entry ht_tanh(x: [n]f64) = transpose(hessian(f_tanh, x))
-- CHECK-VJP-JVP: g_tanh vjp_tanh jvp_tanh [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_tanh hm_tanh [4] [4]
-- CHECK-EQUAL: hv_tanh rf_tanh [4] [4]
-- CHECK-EQUAL: h_tanh ht_tanh [4]
-- TOL: default

-- abs
-- RANGE: 0.1 1
def f_abs(x: [n]f64): f64 = sum(abs(x) * reverse(x)) + sum(abs(x * x))
entry g_abs(x: [n]f64) = grad(f_abs)(x)
entry vjp_abs(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_abs)(y))(x, w)
entry jvp_abs(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_abs)(y))(x, v)
entry hv_abs(x: [n]f64, v: [n]f64) = hvp(f_abs, x, v)
entry hm_abs(x: [n]f64, v: [n]f64) = matvec(hessian(f_abs, x), v)
entry rf_abs(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_abs)(y, v)).1)(x)
entry h_abs(x: [n]f64) = hessian(f_abs, x)
entry ht_abs(x: [n]f64) = transpose(hessian(f_abs, x))
-- CHECK-VJP-JVP: g_abs vjp_abs jvp_abs [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_abs hm_abs [4] [4]
-- CHECK-EQUAL: hv_abs rf_abs [4] [4]
-- CHECK-EQUAL: h_abs ht_abs [4]
-- TOL: default

-- log1p
-- RANGE: -0.5 1
def f_log1p(x: [n]f64): f64 = sum(log1p(x) * reverse(x)) + sum(log1p(x * x))
entry g_log1p(x: [n]f64) = grad(f_log1p)(x)
entry vjp_log1p(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_log1p)(y))(x, w)
entry jvp_log1p(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_log1p)(y))(x, v)
entry hv_log1p(x: [n]f64, v: [n]f64) = hvp(f_log1p, x, v)
entry hm_log1p(x: [n]f64, v: [n]f64) = matvec(hessian(f_log1p, x), v)
entry rf_log1p(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_log1p)(y, v)).1)(x)
entry h_log1p(x: [n]f64) = hessian(f_log1p, x)
entry ht_log1p(x: [n]f64) = transpose(hessian(f_log1p, x))
-- CHECK-VJP-JVP: g_log1p vjp_log1p jvp_log1p [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_log1p hm_log1p [4] [4]
-- CHECK-EQUAL: hv_log1p rf_log1p [4] [4]
-- CHECK-EQUAL: h_log1p ht_log1p [4]
-- TOL: default

-- expm1
-- RANGE: -1 1
def f_expm1(x: [n]f64): f64 = sum(expm1(x) * reverse(x)) + sum(expm1(x * x))
entry g_expm1(x: [n]f64) = grad(f_expm1)(x)
entry vjp_expm1(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_expm1)(y))(x, w)
entry jvp_expm1(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_expm1)(y))(x, v)
entry hv_expm1(x: [n]f64, v: [n]f64) = hvp(f_expm1, x, v)
entry hm_expm1(x: [n]f64, v: [n]f64) = matvec(hessian(f_expm1, x), v)
entry rf_expm1(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_expm1)(y, v)).1)(x)
entry h_expm1(x: [n]f64) = hessian(f_expm1, x)
entry ht_expm1(x: [n]f64) = transpose(hessian(f_expm1, x))
-- CHECK-VJP-JVP: g_expm1 vjp_expm1 jvp_expm1 [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_expm1 hm_expm1 [4] [4]
-- CHECK-EQUAL: hv_expm1 rf_expm1 [4] [4]
-- CHECK-EQUAL: h_expm1 ht_expm1 [4]
-- TOL: default

-- erf
-- RANGE: -1 1
def f_erf(x: [n]f64): f64 = sum(erf(x) * reverse(x)) + sum(erf(x * x))
entry g_erf(x: [n]f64) = grad(f_erf)(x)
entry vjp_erf(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_erf)(y))(x, w)
entry jvp_erf(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_erf)(y))(x, v)
entry hv_erf(x: [n]f64, v: [n]f64) = hvp(f_erf, x, v)
entry hm_erf(x: [n]f64, v: [n]f64) = matvec(hessian(f_erf, x), v)
entry rf_erf(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_erf)(y, v)).1)(x)
entry h_erf(x: [n]f64) = hessian(f_erf, x)
entry ht_erf(x: [n]f64) = transpose(hessian(f_erf, x))
-- CHECK-VJP-JVP: g_erf vjp_erf jvp_erf [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_erf hm_erf [4] [4]
-- CHECK-EQUAL: hv_erf rf_erf [4] [4]
-- CHECK-EQUAL: h_erf ht_erf [4]
-- TOL: default

-- asin
-- RANGE: -0.8 0.8
def f_asin(x: [n]f64): f64 = sum(asin(x) * reverse(x)) + sum(asin(x * x))
entry g_asin(x: [n]f64) = grad(f_asin)(x)
entry vjp_asin(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_asin)(y))(x, w)
entry jvp_asin(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_asin)(y))(x, v)
entry hv_asin(x: [n]f64, v: [n]f64) = hvp(f_asin, x, v)
entry hm_asin(x: [n]f64, v: [n]f64) = matvec(hessian(f_asin, x), v)
entry rf_asin(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_asin)(y, v)).1)(x)
entry h_asin(x: [n]f64) = hessian(f_asin, x)
entry ht_asin(x: [n]f64) = transpose(hessian(f_asin, x))
-- CHECK-VJP-JVP: g_asin vjp_asin jvp_asin [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_asin hm_asin [4] [4]
-- CHECK-EQUAL: hv_asin rf_asin [4] [4]
-- CHECK-EQUAL: h_asin ht_asin [4]
-- TOL: default

-- acos
-- RANGE: -0.8 0.8
def f_acos(x: [n]f64): f64 = sum(acos(x) * reverse(x)) + sum(acos(x * x))
entry g_acos(x: [n]f64) = grad(f_acos)(x)
entry vjp_acos(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_acos)(y))(x, w)
entry jvp_acos(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_acos)(y))(x, v)
entry hv_acos(x: [n]f64, v: [n]f64) = hvp(f_acos, x, v)
entry hm_acos(x: [n]f64, v: [n]f64) = matvec(hessian(f_acos, x), v)
entry rf_acos(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_acos)(y, v)).1)(x)
entry h_acos(x: [n]f64) = hessian(f_acos, x)
entry ht_acos(x: [n]f64) = transpose(hessian(f_acos, x))
-- CHECK-VJP-JVP: g_acos vjp_acos jvp_acos [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_acos hm_acos [4] [4]
-- CHECK-EQUAL: hv_acos rf_acos [4] [4]
-- CHECK-EQUAL: h_acos ht_acos [4]
-- TOL: default

-- atan
-- RANGE: -2 2
def f_atan(x: [n]f64): f64 = sum(atan(x) * reverse(x)) + sum(atan(x * x))
entry g_atan(x: [n]f64) = grad(f_atan)(x)
entry vjp_atan(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_atan)(y))(x, w)
entry jvp_atan(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_atan)(y))(x, v)
entry hv_atan(x: [n]f64, v: [n]f64) = hvp(f_atan, x, v)
entry hm_atan(x: [n]f64, v: [n]f64) = matvec(hessian(f_atan, x), v)
entry rf_atan(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_atan)(y, v)).1)(x)
entry h_atan(x: [n]f64) = hessian(f_atan, x)
entry ht_atan(x: [n]f64) = transpose(hessian(f_atan, x))
-- CHECK-VJP-JVP: g_atan vjp_atan jvp_atan [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_atan hm_atan [4] [4]
-- CHECK-EQUAL: hv_atan rf_atan [4] [4]
-- CHECK-EQUAL: h_atan ht_atan [4]
-- TOL: default

-- sinh
-- RANGE: -1 1
def f_sinh(x: [n]f64): f64 = sum(sinh(x) * reverse(x)) + sum(sinh(x * x))
entry g_sinh(x: [n]f64) = grad(f_sinh)(x)
entry vjp_sinh(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_sinh)(y))(x, w)
entry jvp_sinh(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_sinh)(y))(x, v)
entry hv_sinh(x: [n]f64, v: [n]f64) = hvp(f_sinh, x, v)
entry hm_sinh(x: [n]f64, v: [n]f64) = matvec(hessian(f_sinh, x), v)
entry rf_sinh(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_sinh)(y, v)).1)(x)
entry h_sinh(x: [n]f64) = hessian(f_sinh, x)
entry ht_sinh(x: [n]f64) = transpose(hessian(f_sinh, x))
-- CHECK-VJP-JVP: g_sinh vjp_sinh jvp_sinh [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_sinh hm_sinh [4] [4]
-- CHECK-EQUAL: hv_sinh rf_sinh [4] [4]
-- CHECK-EQUAL: h_sinh ht_sinh [4]
-- TOL: default

-- cosh
-- RANGE: -1 1
def f_cosh(x: [n]f64): f64 = sum(cosh(x) * reverse(x)) + sum(cosh(x * x))
entry g_cosh(x: [n]f64) = grad(f_cosh)(x)
entry vjp_cosh(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_cosh)(y))(x, w)
entry jvp_cosh(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_cosh)(y))(x, v)
entry hv_cosh(x: [n]f64, v: [n]f64) = hvp(f_cosh, x, v)
entry hm_cosh(x: [n]f64, v: [n]f64) = matvec(hessian(f_cosh, x), v)
entry rf_cosh(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_cosh)(y, v)).1)(x)
entry h_cosh(x: [n]f64) = hessian(f_cosh, x)
entry ht_cosh(x: [n]f64) = transpose(hessian(f_cosh, x))
-- CHECK-VJP-JVP: g_cosh vjp_cosh jvp_cosh [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_cosh hm_cosh [4] [4]
-- CHECK-EQUAL: hv_cosh rf_cosh [4] [4]
-- CHECK-EQUAL: h_cosh ht_cosh [4]
-- TOL: default

-- log2
-- RANGE: 0.2 2
def f_log2(x: [n]f64): f64 = sum(log2(x) * reverse(x)) + sum(log2(x * x))
entry g_log2(x: [n]f64) = grad(f_log2)(x)
entry vjp_log2(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_log2)(y))(x, w)
entry jvp_log2(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_log2)(y))(x, v)
entry hv_log2(x: [n]f64, v: [n]f64) = hvp(f_log2, x, v)
entry hm_log2(x: [n]f64, v: [n]f64) = matvec(hessian(f_log2, x), v)
entry rf_log2(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_log2)(y, v)).1)(x)
entry h_log2(x: [n]f64) = hessian(f_log2, x)
entry ht_log2(x: [n]f64) = transpose(hessian(f_log2, x))
-- CHECK-VJP-JVP: g_log2 vjp_log2 jvp_log2 [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_log2 hm_log2 [4] [4]
-- CHECK-EQUAL: hv_log2 rf_log2 [4] [4]
-- CHECK-EQUAL: h_log2 ht_log2 [4]
-- TOL: default

-- lgamma
-- RANGE: 0.3 3
def f_lgamma(x: [n]f64): f64 = sum(lgamma(x) * reverse(x)) + sum(lgamma(x * x))
entry g_lgamma(x: [n]f64) = grad(f_lgamma)(x)
entry vjp_lgamma(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_lgamma)(y))(x, w)
entry jvp_lgamma(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_lgamma)(y))(x, v)
entry hv_lgamma(x: [n]f64, v: [n]f64) = hvp(f_lgamma, x, v)
entry hm_lgamma(x: [n]f64, v: [n]f64) = matvec(hessian(f_lgamma, x), v)
entry rf_lgamma(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_lgamma)(y, v)).1)(x)
entry h_lgamma(x: [n]f64) = hessian(f_lgamma, x)
entry ht_lgamma(x: [n]f64) = transpose(hessian(f_lgamma, x))
-- CHECK-VJP-JVP: g_lgamma vjp_lgamma jvp_lgamma [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_lgamma hm_lgamma [4] [4]
-- CHECK-EQUAL: hv_lgamma rf_lgamma [4] [4]
-- CHECK-EQUAL: h_lgamma ht_lgamma [4]
-- TOL: default

-- digamma
-- RANGE: 0.3 3
def f_digamma(x: [n]f64): f64 = sum(digamma(x) * reverse(x)) + sum(digamma(x * x))
entry g_digamma(x: [n]f64) = grad(f_digamma)(x)
entry vjp_digamma(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_digamma)(y))(x, w)
entry jvp_digamma(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_digamma)(y))(x, v)
entry hv_digamma(x: [n]f64, v: [n]f64) = hvp(f_digamma, x, v)
entry hm_digamma(x: [n]f64, v: [n]f64) = matvec(hessian(f_digamma, x), v)
entry rf_digamma(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_digamma)(y, v)).1)(x)
entry h_digamma(x: [n]f64) = hessian(f_digamma, x)
entry ht_digamma(x: [n]f64) = transpose(hessian(f_digamma, x))
-- CHECK-VJP-JVP: g_digamma vjp_digamma jvp_digamma [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_digamma hm_digamma [4] [4]
-- CHECK-EQUAL: hv_digamma rf_digamma [4] [4]
-- CHECK-EQUAL: h_digamma ht_digamma [4]
-- TOL: default

-- floor
-- RANGE: 0.1 0.9
def f_floor(x: [n]f64): f64 = sum(floor(x) * reverse(x)) + sum(floor(x * x))
entry g_floor(x: [n]f64) = grad(f_floor)(x)
entry vjp_floor(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_floor)(y))(x, w)
entry jvp_floor(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_floor)(y))(x, v)
entry hv_floor(x: [n]f64, v: [n]f64) = hvp(f_floor, x, v)
entry hm_floor(x: [n]f64, v: [n]f64) = matvec(hessian(f_floor, x), v)
entry rf_floor(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_floor)(y, v)).1)(x)
entry h_floor(x: [n]f64) = hessian(f_floor, x)
entry ht_floor(x: [n]f64) = transpose(hessian(f_floor, x))
-- CHECK-VJP-JVP: g_floor vjp_floor jvp_floor [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_floor hm_floor [4] [4]
-- CHECK-EQUAL: hv_floor rf_floor [4] [4]
-- CHECK-EQUAL: h_floor ht_floor [4]
-- TOL: default

-- ceil
-- RANGE: 0.1 0.9
def f_ceil(x: [n]f64): f64 = sum(ceil(x) * reverse(x)) + sum(ceil(x * x))
entry g_ceil(x: [n]f64) = grad(f_ceil)(x)
entry vjp_ceil(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_ceil)(y))(x, w)
entry jvp_ceil(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_ceil)(y))(x, v)
entry hv_ceil(x: [n]f64, v: [n]f64) = hvp(f_ceil, x, v)
entry hm_ceil(x: [n]f64, v: [n]f64) = matvec(hessian(f_ceil, x), v)
entry rf_ceil(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_ceil)(y, v)).1)(x)
entry h_ceil(x: [n]f64) = hessian(f_ceil, x)
entry ht_ceil(x: [n]f64) = transpose(hessian(f_ceil, x))
-- CHECK-VJP-JVP: g_ceil vjp_ceil jvp_ceil [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_ceil hm_ceil [4] [4]
-- CHECK-EQUAL: hv_ceil rf_ceil [4] [4]
-- CHECK-EQUAL: h_ceil ht_ceil [4]
-- TOL: default

-- sign
-- RANGE: 0.1 0.9
def f_sign(x: [n]f64): f64 = sum(sign(x) * reverse(x)) + sum(sign(x * x))
entry g_sign(x: [n]f64) = grad(f_sign)(x)
entry vjp_sign(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_sign)(y))(x, w)
entry jvp_sign(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_sign)(y))(x, v)
entry hv_sign(x: [n]f64, v: [n]f64) = hvp(f_sign, x, v)
entry hm_sign(x: [n]f64, v: [n]f64) = matvec(hessian(f_sign, x), v)
entry rf_sign(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_sign)(y, v)).1)(x)
entry h_sign(x: [n]f64) = hessian(f_sign, x)
entry ht_sign(x: [n]f64) = transpose(hessian(f_sign, x))
-- CHECK-VJP-JVP: g_sign vjp_sign jvp_sign [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_sign hm_sign [4] [4]
-- CHECK-EQUAL: hv_sign rf_sign [4] [4]
-- CHECK-EQUAL: h_sign ht_sign [4]
-- TOL: default
