-- The math built-ins added with the primitive table (LANGUAGE.md §6) at edge
-- points: domain limits, poles, overflow, signed zeros, the zero of digamma and huge
-- arguments. Expected values are mpmath's (50 digits) rounded to f64; lgamma is
-- log|Gamma|, inf at the poles; digamma is -inf at +0 and NaN at the other poles.
-- f32 versions round the f64 result once.
entry f_asin(a: [n]f64): [n]f64 = asin(a)
entry f_acos(a: [n]f64): [n]f64 = acos(a)
entry f_atan(a: [n]f64): [n]f64 = atan(a)
entry f_sinh(a: [n]f64): [n]f64 = sinh(a)
entry f_cosh(a: [n]f64): [n]f64 = cosh(a)
entry f_log2(a: [n]f64): [n]f64 = log2(a)
entry f_lgamma(a: [n]f64): [n]f64 = lgamma(a)
entry f_digamma(a: [n]f64): [n]f64 = digamma(a)
entry s_all(x: f32): (f32, f32, f32, f32, f32, f32, f32, f32) =
  (asin(x), acos(x), atan(x), sinh(x), cosh(x), log2(x), lgamma(x), digamma(x))
entry signs(x: f64): (f64, f64, f64, f64) = (asin(-x), atan(-x), sinh(-x), 1.0 / sinh(-x))

-- RUN: --entry f_asin
-- INPUT: [0.0, 0.5, -0.5, 1.0, -1.0, 1e-300, 0.9999999, 1.5]
-- APPROX: 1e-13
-- EXPECT: [0.0, 0.5235987755982989, -0.5235987755982989, 1.5707963267948966, -1.5707963267948966, 1e-300, 1.5703491131957876, nan]
-- RUN: --entry f_acos
-- INPUT: [0.0, 0.5, -0.5, 1.0, -1.0, 0.9999999, -1.5]
-- APPROX: 1e-13
-- EXPECT: [1.5707963267948966, 1.0471975511965979, 2.0943951023931957, 0.0, 3.141592653589793, 0.00044721359910904126, nan]
-- RUN: --entry f_atan
-- INPUT: [0.0, 1.0, -1.0, 1e-300, 1e300, inf, -inf, 0.25]
-- APPROX: 1e-13
-- EXPECT: [0.0, 0.7853981633974483, -0.7853981633974483, 1e-300, 1.5707963267948966, 1.5707963267948966, -1.5707963267948966, 0.24497866312686414]
-- RUN: --entry f_sinh
-- INPUT: [0.0, 1e-10, 1.0, -2.5, 20.0, 710.0, 711.0, -inf]
-- APPROX: 1e-13
-- EXPECT: [0.0, 1e-10, 1.1752011936438014, -6.0502044810397875, 242582597.70489514, 1.1169973830808555e+308, inf, -inf]
-- RUN: --entry f_cosh
-- INPUT: [0.0, 1e-10, 1.0, -2.5, 20.0, 710.0, 711.0, -inf]
-- APPROX: 1e-13
-- EXPECT: [1.0, 1.0, 1.5430806348152437, 6.132289479663686, 242582597.70489514, 1.1169973830808555e+308, inf, inf]
-- RUN: --entry f_log2
-- INPUT: [1.0, 8.0, 0.5, 3.0, 1e-300, 0.0, -1.0, inf]
-- APPROX: 1e-13
-- EXPECT: [0.0, 3.0, -1.0, 1.584962500721156, -996.5784284662087, -inf, nan, inf]
-- RUN: --entry f_lgamma
-- INPUT: [1.0, 2.0, 0.5, -0.5, 0.0, -1.0, -2.5, 1e-08, 3.5, 171.5, 10000000000.0, 1e300]
-- APPROX: 1e-13
-- EXPECT: [0.0, 0.0, 0.5723649429247001, 1.2655121234846454, inf, inf, -0.056243716497674054, 18.42068073818021, 1.2009736023470743, 709.1431630309282, 220258509288.81058, 6.897755278982137e+302]
-- RUN: --entry f_digamma
-- INPUT: [1.0, 0.5, 2.0, 1.4616321449683622, 1.46, 1.47, 1e-08, -0.5, -2.5, 0.0, -1.0, -3.0, 10.5, 1000000.0, 1e300, 30.0, 1.2, 1.75]
-- APPROX: 1e-13
-- EXPECT: [-0.5772156649015329, -1.9635100260214235, 0.42278433509846713, -9.241265521729427e-17, -0.0015805619870834522, 0.008066489011364869, -100000000.57721564, 0.03648997397857652, 1.103156640645243, -inf, nan, nan, 2.3030010342976865, 13.815510057964191, 690.7755278982137, 3.384438132685525, -0.2890398965921884, 0.24747245354686118]
-- RUN: --entry s_all
-- INPUT: 0.25
-- EXPECT: 0.25268024
-- EXPECT: 1.3181161
-- EXPECT: 0.24497867
-- EXPECT: 0.25261232
-- EXPECT: 1.0314131
-- EXPECT: -2.0
-- EXPECT: 1.2880225
-- EXPECT: -4.2274537
-- RUN: --entry signs
-- INPUT: 0.0
-- EXPECT: -0.0
-- EXPECT: -0.0
-- EXPECT: -0.0
-- EXPECT: -inf
