-- Every unary math built-in, elementwise on f64 arrays (transcendental results
-- compared with a relative tolerance; exact cases compared exactly) and on f32.
entry f_exp(a: [n]f64): [n]f64 = exp(a)

entry f_log(a: [n]f64): [n]f64 = log(a)

entry f_sqrt(a: [n]f64): [n]f64 = sqrt(a)

entry f_sin(a: [n]f64): [n]f64 = sin(a)

entry f_cos(a: [n]f64): [n]f64 = cos(a)

entry f_tan(a: [n]f64): [n]f64 = tan(a)

entry f_tanh(a: [n]f64): [n]f64 = tanh(a)

entry f_abs(a: [n]f64): [n]f64 = abs(a)

entry f_floor(a: [n]f64): [n]f64 = floor(a)

entry f_ceil(a: [n]f64): [n]f64 = ceil(a)

entry f_sign(a: [n]f64): [n]f64 = sign(a)

entry f_log1p(a: [n]f64): [n]f64 = log1p(a)

entry f_expm1(a: [n]f64): [n]f64 = expm1(a)

entry f_erf(a: [n]f64): [n]f64 = erf(a)

entry s_exp(a: [n]f32): [n]f32 = exp(a)

entry s_sqrt(a: [n]f32): [n]f32 = sqrt(a)

entry s_sin(a: [n]f32): [n]f32 = sin(a)

entry s_erf(a: [n]f32): [n]f32 = erf(a)

entry scalar(x: f64): (f64, f64, f64) = (exp(x), abs(x), floor(x))

entry ints(a: [n]i64): ([n]i64, [n]i64) = (abs(a), sign(a))

-- RUN: --entry f_exp
-- INPUT: [0.5, 1.0, 2.0, -0.75]
-- APPROX: 1e-12
-- EXPECT: [1.6487212707001282, 2.718281828459045, 7.38905609893065, 0.4723665527410147]
-- RUN: --entry f_log
-- INPUT: [0.5, 1.0, 2.0, 3.0]
-- APPROX: 1e-12
-- EXPECT: [-0.6931471805599453, 0.0, 0.6931471805599453, 1.0986122886681096]
-- RUN: --entry f_sqrt
-- INPUT: [0.5, 1.0, 2.0, 3.0]
-- EXPECT: [0.7071067811865476, 1.0, 1.4142135623730951, 1.7320508075688772]
-- RUN: --entry f_sin
-- INPUT: [0.5, 1.0, 2.0, -0.75]
-- APPROX: 1e-12
-- EXPECT: [0.47942553860420295, 0.8414709848078965, 0.9092974268256816, -0.6816387600233341]
-- RUN: --entry f_cos
-- INPUT: [0.5, 1.0, 2.0, -0.75]
-- APPROX: 1e-12
-- EXPECT: [0.8775825618903725, 0.5403023058681397, -0.4161468365471424, 0.731688868873821]
-- RUN: --entry f_tan
-- INPUT: [0.5, 1.0, 2.0, -0.75]
-- APPROX: 1e-12
-- EXPECT: [0.5463024898437905, 1.557407724654902, -2.185039863261519, -0.9315964599440725]
-- RUN: --entry f_tanh
-- INPUT: [0.5, 1.0, 2.0, -0.75]
-- APPROX: 1e-12
-- EXPECT: [0.46211715726000974, 0.7615941559557649, 0.9640275800758169, -0.6351489523872873]
-- RUN: --entry f_log1p
-- INPUT: [0.5, 1.0, 2.0, -0.75]
-- APPROX: 1e-12
-- EXPECT: [0.4054651081081644, 0.6931471805599453, 1.0986122886681096, -1.3862943611198906]
-- RUN: --entry f_expm1
-- INPUT: [0.5, 1.0, 2.0, -0.75]
-- APPROX: 1e-12
-- EXPECT: [0.6487212707001282, 1.7182818284590453, 6.38905609893065, -0.5276334472589853]
-- RUN: --entry f_erf
-- INPUT: [0.5, 1.0, 2.0, -0.75]
-- APPROX: 1e-12
-- EXPECT: [0.5204998778130465, 0.8427007929497149, 0.9953222650189527, -0.7111556336535151]
-- RUN: --entry f_log1p
-- INPUT: [1e-10, 0.0, -1.0]
-- APPROX: 1e-12
-- EXPECT: [9.999999999500001e-11, 0.0, -inf]
-- RUN: --entry f_expm1
-- INPUT: [1e-10, 0.0, -inf]
-- APPROX: 1e-12
-- EXPECT: [1.00000000005e-10, 0.0, -1.0]
-- RUN: --entry f_exp
-- INPUT: [0.0, -inf, inf]
-- EXPECT: [1.0, 0.0, inf]
-- RUN: --entry f_log
-- INPUT: [1.0, 0.0, inf]
-- EXPECT: [0.0, -inf, inf]
-- RUN: --entry f_sqrt
-- INPUT: [0.0, 4.0, 2.25, 1e100, inf]
-- EXPECT: [0.0, 2.0, 1.5, 1e+50, inf]
-- RUN: --entry f_sin
-- INPUT: [0.0]
-- EXPECT: [0.0]
-- RUN: --entry f_cos
-- INPUT: [0.0]
-- EXPECT: [1.0]
-- RUN: --entry f_tan
-- INPUT: [0.0]
-- EXPECT: [0.0]
-- RUN: --entry f_tanh
-- INPUT: [0.0, inf, -inf]
-- EXPECT: [0.0, 1.0, -1.0]
-- RUN: --entry f_erf
-- INPUT: [0.0, inf, -inf]
-- EXPECT: [0.0, 1.0, -1.0]
-- RUN: --entry f_abs
-- INPUT: [-2.5, 0.0, 3.0, -inf]
-- EXPECT: [2.5, 0.0, 3.0, inf]
-- RUN: --entry f_floor
-- INPUT: [-2.5, 2.5, 2.0, -0.5, 0.75]
-- EXPECT: [-3.0, 2.0, 2.0, -1.0, 0.0]
-- RUN: --entry f_ceil
-- INPUT: [-2.5, 2.5, 2.0, 0.1, -3.0]
-- EXPECT: [-2.0, 3.0, 2.0, 1.0, -3.0]
-- RUN: --entry f_sign
-- INPUT: [-2.5, 0.0, 7.0, -inf, inf]
-- EXPECT: [-1.0, 0.0, 1.0, -1.0, 1.0]
-- RUN: --entry f_exp
-- INPUT: empty([0]f64)
-- EXPECT: empty([0]f64)
-- RUN: --entry s_exp
-- INPUT: [0.5, 1.0, 2.0, -0.75]
-- APPROX: 1e-6
-- EXPECT: [1.6487212, 2.718282, 7.3890557, 0.47236654]
-- RUN: --entry s_sqrt
-- INPUT: [4.0, 2.25, 0.01]
-- EXPECT: [2.0, 1.5, 0.1]
-- RUN: --entry s_sin
-- INPUT: [0.5, 1.0, 2.0, -0.75]
-- APPROX: 1e-6
-- EXPECT: [0.47942555, 0.841471, 0.9092974, -0.6816388]
-- RUN: --entry s_erf
-- INPUT: [0.5, 1.0, 2.0, -0.75]
-- APPROX: 1e-6
-- EXPECT: [0.5204999, 0.8427008, 0.9953223, -0.71115565]
-- RUN: --entry scalar
-- INPUT: -1.5
-- APPROX: 1e-12
-- EXPECT: 0.22313016014842982
-- EXPECT: 1.5
-- EXPECT: -2.0
-- RUN: --entry ints
-- INPUT: [-3, 0, 5]
-- EXPECT: [3, 0, 5]
-- EXPECT: [-1, 0, 1]
