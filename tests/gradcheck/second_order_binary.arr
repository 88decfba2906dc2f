-- Second derivatives of every binary primitive (LANGUAGE.md §8, nested
-- differentiation): finite differences of the compiled gradient against its
-- forward-over-reverse Hessian-vector product (and the vjp/jvp identity of the
-- gradient, reverse over reverse), hvp against hessian times v, forward-over-reverse
-- against reverse-over-forward (grad of jvp), and the Hessian's symmetry. Each
-- function mixes neighbouring elements (reverse) so the Hessian is not diagonal.

-- add
-- RANGE: -1 1
def f_add(x: [n]f64): f64 = sum(build([n], \i -> let a = x[i] * x[i] in let b = a * 0.5 + x[n - 1 - i] + 0.25 in a + b))
entry g_add(x: [n]f64) = grad(f_add)(x)
entry vjp_add(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_add)(y))(x, w)
entry jvp_add(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_add)(y))(x, v)
entry hv_add(x: [n]f64, v: [n]f64) = hvp(f_add, x, v)
entry hm_add(x: [n]f64, v: [n]f64) = matvec(hessian(f_add, x), v)
entry rf_add(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_add)(y, v)).1)(x)
entry h_add(x: [n]f64) = hessian(f_add, x)
entry ht_add(x: [n]f64) = transpose(hessian(f_add, x))
-- CHECK-VJP-JVP: g_add vjp_add jvp_add [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_add hm_add [4] [4]
-- CHECK-EQUAL: hv_add rf_add [4] [4]
-- CHECK-EQUAL: h_add ht_add [4]
-- TOL: default

-- sub
-- RANGE: -1 1
def f_sub(x: [n]f64): f64 = sum(build([n], \i -> let a = x[i] * x[i] in let b = a * 0.5 + x[n - 1 - i] + 0.25 in a - b))
entry g_sub(x: [n]f64) = grad(f_sub)(x)
entry vjp_sub(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_sub)(y))(x, w)
entry jvp_sub(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_sub)(y))(x, v)
entry hv_sub(x: [n]f64, v: [n]f64) = hvp(f_sub, x, v)
entry hm_sub(x: [n]f64, v: [n]f64) = matvec(hessian(f_sub, x), v)
entry rf_sub(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_sub)(y, v)).1)(x)
entry h_sub(x: [n]f64) = hessian(f_sub, x)
entry ht_sub(x: [n]f64) = transpose(hessian(f_sub, x))
-- CHECK-VJP-JVP: g_sub vjp_sub jvp_sub [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_sub hm_sub [4] [4]
-- CHECK-EQUAL: hv_sub rf_sub [4] [4]
-- CHECK-EQUAL: h_sub ht_sub [4]
-- TOL: default

-- mul
-- RANGE: -1 1
def f_mul(x: [n]f64): f64 = sum(build([n], \i -> let a = x[i] * x[i] in let b = a * 0.5 + x[n - 1 - i] + 0.25 in a * b))
entry g_mul(x: [n]f64) = grad(f_mul)(x)
entry vjp_mul(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_mul)(y))(x, w)
entry jvp_mul(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_mul)(y))(x, v)
entry hv_mul(x: [n]f64, v: [n]f64) = hvp(f_mul, x, v)
entry hm_mul(x: [n]f64, v: [n]f64) = matvec(hessian(f_mul, x), v)
entry rf_mul(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_mul)(y, v)).1)(x)
entry h_mul(x: [n]f64) = hessian(f_mul, x)
entry ht_mul(x: [n]f64) = transpose(hessian(f_mul, x))
-- CHECK-VJP-JVP: g_mul vjp_mul jvp_mul [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_mul hm_mul [4] [4]
-- CHECK-EQUAL: hv_mul rf_mul [4] [4]
-- CHECK-EQUAL: h_mul ht_mul [4]
-- TOL: default

-- div
-- RANGE: 0.5 1.5
def f_div(x: [n]f64): f64 = sum(build([n], \i -> let a = x[i] * x[i] in let b = a * 0.5 + x[n - 1 - i] + 0.25 in a / b))
entry g_div(x: [n]f64) = grad(f_div)(x)
entry vjp_div(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_div)(y))(x, w)
entry jvp_div(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_div)(y))(x, v)
entry hv_div(x: [n]f64, v: [n]f64) = hvp(f_div, x, v)
entry hm_div(x: [n]f64, v: [n]f64) = matvec(hessian(f_div, x), v)
entry rf_div(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_div)(y, v)).1)(x)
entry h_div(x: [n]f64) = hessian(f_div, x)
entry ht_div(x: [n]f64) = transpose(hessian(f_div, x))
-- CHECK-VJP-JVP: g_div vjp_div jvp_div [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_div hm_div [4] [4]
-- CHECK-EQUAL: hv_div rf_div [4] [4]
-- CHECK-EQUAL: h_div ht_div [4]
-- TOL: default

-- mod
-- RANGE: 0.6 0.9
def f_mod(x: [n]f64): f64 = sum(build([n], \i -> let a = x[i] * x[i] in let b = a * 0.5 + x[n - 1 - i] + 0.25 in a % b))
entry g_mod(x: [n]f64) = grad(f_mod)(x)
entry vjp_mod(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_mod)(y))(x, w)
entry jvp_mod(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_mod)(y))(x, v)
entry hv_mod(x: [n]f64, v: [n]f64) = hvp(f_mod, x, v)
entry hm_mod(x: [n]f64, v: [n]f64) = matvec(hessian(f_mod, x), v)
entry rf_mod(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_mod)(y, v)).1)(x)
entry h_mod(x: [n]f64) = hessian(f_mod, x)
entry ht_mod(x: [n]f64) = transpose(hessian(f_mod, x))
-- CHECK-VJP-JVP: g_mod vjp_mod jvp_mod [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_mod hm_mod [4] [4]
-- CHECK-EQUAL: hv_mod rf_mod [4] [4]
-- CHECK-EQUAL: h_mod ht_mod [4]
-- TOL: default

-- pow
-- RANGE: 0.5 1.5
def f_pow(x: [n]f64): f64 = sum(build([n], \i -> let a = x[i] * x[i] in let b = a * 0.5 + x[n - 1 - i] + 0.25 in pow(a, b)))
entry g_pow(x: [n]f64) = grad(f_pow)(x)
entry vjp_pow(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_pow)(y))(x, w)
entry jvp_pow(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_pow)(y))(x, v)
entry hv_pow(x: [n]f64, v: [n]f64) = hvp(f_pow, x, v)
entry hm_pow(x: [n]f64, v: [n]f64) = matvec(hessian(f_pow, x), v)
entry rf_pow(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_pow)(y, v)).1)(x)
entry h_pow(x: [n]f64) = hessian(f_pow, x)
entry ht_pow(x: [n]f64) = transpose(hessian(f_pow, x))
-- CHECK-VJP-JVP: g_pow vjp_pow jvp_pow [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_pow hm_pow [4] [4]
-- CHECK-EQUAL: hv_pow rf_pow [4] [4]
-- CHECK-EQUAL: h_pow ht_pow [4]
-- TOL: default

-- power
-- RANGE: 0.5 1.5
def f_power(x: [n]f64): f64 = sum(build([n], \i -> let a = x[i] * x[i] in let b = a * 0.5 + x[n - 1 - i] + 0.25 in a ** b))
entry g_power(x: [n]f64) = grad(f_power)(x)
entry vjp_power(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_power)(y))(x, w)
entry jvp_power(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_power)(y))(x, v)
entry hv_power(x: [n]f64, v: [n]f64) = hvp(f_power, x, v)
entry hm_power(x: [n]f64, v: [n]f64) = matvec(hessian(f_power, x), v)
entry rf_power(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_power)(y, v)).1)(x)
entry h_power(x: [n]f64) = hessian(f_power, x)
entry ht_power(x: [n]f64) = transpose(hessian(f_power, x))
-- CHECK-VJP-JVP: g_power vjp_power jvp_power [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_power hm_power [4] [4]
-- CHECK-EQUAL: hv_power rf_power [4] [4]
-- CHECK-EQUAL: h_power ht_power [4]
-- TOL: default

-- max
-- RANGE: -1 1
def f_max(x: [n]f64): f64 = sum(build([n], \i -> let a = x[i] * x[i] in let b = a * 0.5 + x[n - 1 - i] + 0.25 in max(a, b)))
entry g_max(x: [n]f64) = grad(f_max)(x)
entry vjp_max(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_max)(y))(x, w)
entry jvp_max(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_max)(y))(x, v)
entry hv_max(x: [n]f64, v: [n]f64) = hvp(f_max, x, v)
entry hm_max(x: [n]f64, v: [n]f64) = matvec(hessian(f_max, x), v)
entry rf_max(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_max)(y, v)).1)(x)
entry h_max(x: [n]f64) = hessian(f_max, x)
entry ht_max(x: [n]f64) = transpose(hessian(f_max, x))
-- CHECK-VJP-JVP: g_max vjp_max jvp_max [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_max hm_max [4] [4]
-- CHECK-EQUAL: hv_max rf_max [4] [4]
-- CHECK-EQUAL: h_max ht_max [4]
-- TOL: default

-- min
-- RANGE: -1 1
def f_min(x: [n]f64): f64 = sum(build([n], \i -> let a = x[i] * x[i] in let b = a * 0.5 + x[n - 1 - i] + 0.25 in min(a, b)))
entry g_min(x: [n]f64) = grad(f_min)(x)
entry vjp_min(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_min)(y))(x, w)
entry jvp_min(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_min)(y))(x, v)
entry hv_min(x: [n]f64, v: [n]f64) = hvp(f_min, x, v)
entry hm_min(x: [n]f64, v: [n]f64) = matvec(hessian(f_min, x), v)
entry rf_min(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_min)(y, v)).1)(x)
entry h_min(x: [n]f64) = hessian(f_min, x)
entry ht_min(x: [n]f64) = transpose(hessian(f_min, x))
-- CHECK-VJP-JVP: g_min vjp_min jvp_min [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_min hm_min [4] [4]
-- CHECK-EQUAL: hv_min rf_min [4] [4]
-- CHECK-EQUAL: h_min ht_min [4]
-- TOL: default

-- atan2
-- RANGE: 0.5 1.5
def f_atan2(x: [n]f64): f64 = sum(build([n], \i -> let a = x[i] * x[i] in let b = a * 0.5 + x[n - 1 - i] + 0.25 in atan2(a, b)))
entry g_atan2(x: [n]f64) = grad(f_atan2)(x)
entry vjp_atan2(x: [n]f64, w: [n]f64) = vjp(\y -> grad(f_atan2)(y))(x, w)
entry jvp_atan2(x: [n]f64, v: [n]f64) = jvp(\y -> grad(f_atan2)(y))(x, v)
entry hv_atan2(x: [n]f64, v: [n]f64) = hvp(f_atan2, x, v)
entry hm_atan2(x: [n]f64, v: [n]f64) = matvec(hessian(f_atan2, x), v)
entry rf_atan2(x: [n]f64, v: [n]f64) = grad(\y -> (jvp(f_atan2)(y, v)).1)(x)
entry h_atan2(x: [n]f64) = hessian(f_atan2, x)
entry ht_atan2(x: [n]f64) = transpose(hessian(f_atan2, x))
-- CHECK-VJP-JVP: g_atan2 vjp_atan2 jvp_atan2 [4]
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: hv_atan2 hm_atan2 [4] [4]
-- CHECK-EQUAL: hv_atan2 rf_atan2 [4] [4]
-- CHECK-EQUAL: h_atan2 ht_atan2 [4]
-- TOL: default
