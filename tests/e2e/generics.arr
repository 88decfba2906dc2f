-- Generic functions instantiated at f64, f32, i64 and bool; f32 results print in
-- the shortest f32 form; type variables standing for array types.
def dbl<T>(x: T): T = x + x

def first<T>(a: [n]T): T = a[0]

def pick<T>(c: bool, x: T, y: T): T = if c then x else y

def pairUp<A, B>(a: A, b: B): (B, A) = (b, a)

def axpy<T>(alpha: T, x: [n]T, y: [n]T): [n]T = alpha * x + y

def thirds<T>(x: T): T = x / 3

entry f64s(x: f64, a: [n]f64): (f64, f64, f64) = (dbl(x), first(a), thirds(x))

entry f32s(x: f32, a: [n]f32): (f32, f32, [n]f32, f32) = (dbl(x), first(a), axpy(x, a, a), thirds(x))

entry i64s(x: i64, a: [n]i64): (i64, i64, [n]i64, i64) = (dbl(x), first(a), axpy(x, a, a), thirds(x))

entry bools(c: bool, a: [n]bool): (bool, bool, f32) = (first(a), pick(c, true, false), pick(c, f32(0.1), f32(0.2)))

entry swapped(x: i64, y: f32): (f32, i64) = pairUp(x, y)

-- T is an array type here.
entry rows(a: [n, m]f64): ([m]f64, [m]f64) = (first(a), dbl(first(a)))

-- RUN: --entry f64s
-- INPUT: 0.1 [2.5, 3.5]
-- EXPECT: 0.2
-- EXPECT: 2.5
-- EXPECT: 0.03333333333333333
-- RUN: --entry f32s
-- INPUT: 0.1 [0.2, 0.3]
-- EXPECT: 0.2
-- EXPECT: 0.2
-- EXPECT: [0.22, 0.33]
-- EXPECT: 0.033333335
-- RUN: --entry i64s
-- INPUT: -7 [5, 6]
-- EXPECT: -14
-- EXPECT: 5
-- EXPECT: [-30, -36]
-- EXPECT: -3
-- RUN: --entry i64s
-- INPUT: 1 empty([0]i64)
-- EXPECT: 2
-- EXPECT: 0
-- EXPECT: empty([0]i64)
-- EXPECT: 0
-- RUN: --entry bools
-- INPUT: false [true, false]
-- EXPECT: true
-- EXPECT: false
-- EXPECT: 0.2
-- RUN: --entry swapped
-- INPUT: 3 0.1
-- EXPECT: 0.1
-- EXPECT: 3
-- RUN: --entry rows
-- INPUT: [[1.0, 2.0], [3.0, 4.0]]
-- EXPECT: [1.0, 2.0]
-- EXPECT: [2.0, 4.0]
