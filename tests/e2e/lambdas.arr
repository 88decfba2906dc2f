-- Lambdas passed to user functions, captured variables (including captured
-- arrays and sizes), functions of two arguments, a lambda applied twice.
def applyAll(f: f64 -> f64, a: [n]f64): [n]f64 = build([n], \i -> f(a[i]))

def combine(f: (f64, i64) -> f64, a: [n]f64): [n]f64 = build([n], \i -> f(a[i], i))

def twice(f: f64 -> f64, x: f64): f64 = f(f(x))

def compose(f: f64 -> f64, g: f64 -> f64, x: f64): f64 = f(g(x))

entry affine(a: [n]f64, s: f64, t: f64): [n]f64 = applyAll(\x -> s * x + t, a)

entry withIndex(a: [n]f64): [n]f64 = combine(\x i -> x * f64(i + 1), a)

-- The lambda captures an array and the size n.
entry lookup(a: [n]f64, idx: [k]i64): [k]f64 =
  build([k], \i -> twice(\x -> x + a[idx[i]] + f64(n), 0.0))

entry composed(x: f64): f64 = compose(\y -> y * y, \y -> y + 1.0, x)

entry shadowed(x: f64): f64 = twice(\x -> x * 3.0, x)

entry letLambda(a: [n]f64): [n]f64 =
  let c = 10.0
  let b = applyAll(\x -> x + c, a)
  in applyAll(\x -> x * 2.0, b)

-- RUN: --entry affine
-- INPUT: [1.0, 2.0, -1.0] 2.0 0.5
-- EXPECT: [2.5, 4.5, -1.5]
-- RUN: --entry withIndex
-- INPUT: [1.0, 1.0, 0.5]
-- EXPECT: [1.0, 2.0, 1.5]
-- RUN: --entry lookup
-- INPUT: [1.0, 2.0, 4.0] [2, 0, 3]
-- EXPECT: [14.0, 8.0, 6.0]
-- RUN: --entry composed
-- INPUT: 2.0
-- EXPECT: 9.0
-- RUN: --entry shadowed
-- INPUT: 1.5
-- EXPECT: 13.5
-- RUN: --entry letLambda
-- INPUT: [1.0, -10.0]
-- EXPECT: [22.0, 0.0]
