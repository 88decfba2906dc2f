-- Generic higher-order functions: a function parameter with a type variable,
-- functions of two arguments, function parameters passed on to other
-- functions, top-level generic functions as arguments, reductions built on them.
def applyRows<T, U>(f: [m]T -> U, a: [n, m]T): [n]U = build([n], \i -> f(a[i]))

def foldPair<T>(f: (T, T) -> T, a: [n]T, b: [n]T): [n]T = map2(f, a, b)

def twiceMap<T>(f: T -> T, a: [n]T): [n]T = map(f, map(f, a))

def passOn<T>(f: T -> T, a: [n]T): [n]T = twiceMap(f, a)

def addOne<T>(x: T): T = x + 1

entry rowNorms(a: [n, m]f64): [n]f64 = applyRows(norm, a)

entry rowMaxIdx(a: [n, m]i64): [n]i64 = applyRows(argmax, a)

entry pairMax(a: [n]i64, b: [n]i64): [n]i64 = foldPair(\x y -> max(x, y), a, b)

entry quad(a: [n]f32): [n]f32 = passOn(\x -> x * f32(2), a)

entry bumped(a: [n]i64, b: [n]f64): ([n]i64, [n]f64) = (twiceMap(addOne, a), twiceMap(addOne, b))

-- RUN: --entry rowNorms
-- INPUT: [[3.0, 4.0], [0.0, -2.0]]
-- EXPECT: [5.0, 2.0]
-- RUN: --entry rowMaxIdx
-- INPUT: [[1, 3, 3], [9, 0, 9]]
-- EXPECT: [1, 0]
-- RUN: --entry pairMax
-- INPUT: [1, 5, -2] [4, 2, -3]
-- EXPECT: [4, 5, -2]
-- RUN: --entry quad
-- INPUT: [0.1, 1.5]
-- EXPECT: [0.4, 6.0]
-- RUN: --entry bumped
-- INPUT: [1, -1] [0.5, 2.0]
-- EXPECT: [3, 1]
-- EXPECT: [2.5, 4.0]

-- A function argument's parameter types may come from another function's result:
-- g's result fixes B before f is checked, whatever their order.
def comp<A, B, C>(f: B -> C, g: A -> B, x: A): C = f(g(x))
def half(k: i64): f64 = f64(k) / 2.0
def twice(y: f64): f64 = y * 2.0
entry composed(x: f64): (f64, f64, [2]f64) =
  (comp(twice, half, 3), comp(\y -> y * x, half, 5), comp(\y -> [y, y], \z -> z + 1.5, x))
-- RUN: --entry composed
-- INPUT: 2.0
-- EXPECT: 3.0
-- EXPECT: 5.0
-- EXPECT: [3.5, 3.5]

