-- Polynomial evaluation sum(c[i] * x ** i) at many points, and a polynomial
-- product (convolution of coefficients) with sizes n + m.
def evalPoly(c: [k]f64, x: f64): f64 = sum(c * x ** f64(iota(k)))

entry eval(c: [k]f64, xs: [n]f64): [n]f64 = map(\x -> evalPoly(c, x), xs)

-- (a0 + a1 x + ...)(b0 + b1 x + ...): the coefficient of x^t is sum a[i] b[t - i].
entry multiply(a: [n]i64, b: [m]i64): [n + m]i64 =
  build([n + m], \t -> sum(build([n], \i -> a[i] * b[t - i])))

-- RUN: --entry eval
-- INPUT: [1.0, -2.0, 0.5] [0.0, 2.0, -1.0, 0.5]
-- EXPECT: [1.0, -1.0, 3.5, 0.125]
-- RUN: --entry eval
-- INPUT: empty([0]f64) [3.0]
-- EXPECT: [0.0]
-- RUN: --entry multiply
-- INPUT: [1, 1] [1, -1]
-- EXPECT: [1, 0, -1, 0]
-- RUN: --entry multiply
-- INPUT: [1, 2, 3] [4, 5]
-- EXPECT: [4, 13, 22, 15, 0]
