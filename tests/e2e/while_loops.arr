-- Loops whose length depends on values (LANGUAGE.md §6): while(k, cond, step, init)
-- steps while cond holds, at most k times. A bound of zero or less, a condition false
-- at once, a loop that runs to its bound, a huge bound that is never reached, tuple and
-- array states, captured variables, functions by name, nested loops, loops in builds
-- (each element its own number of steps) and in another loop's step.
def small(s: f64): bool = s < 100.0
def double(s: f64): f64 = s * 2.0

-- Collatz: the number of steps is counted in the state.
def collatz(x: i64): (i64, i64) =
  while(1000, \s -> s.0 > 1, \s -> (if s.0 % 2 == 0 then s.0 / 2 else 3 * s.0 + 1, s.1 + 1),
        (x, 0))

entry collatzSteps(x: i64): (i64, i64) = collatz(x)
-- Always true: the bound decides (none, negative, or some steps).
entry bounded(k: i64, x: f64): f64 = while(k, \s -> true, \s -> s * 2.0, x)
-- Never true: no step at all, whatever the bound.
entry never(x: f64): f64 = while(10, \s -> false, \s -> s + 1.0, x)
-- A bound of 10^12 (a literal, or computed) that the condition stops long before.
entry huge(x: f64): f64 = while(1000000000000, small, double, x)
entry hugeComputed(m: i64, x: f64): f64 = while(m * m * m * m, \s -> s < 100.0, \s -> s * 2.0, x)
-- Newton's method for the square root of a captured value.
entry newton(a: f64): (f64, i64) =
  while(100, \s -> abs(s.0 * s.0 - a) > 1e-12 * a, \s -> (0.5 * (s.0 + a / s.0), s.1 + 1), (a, 0))
-- An array state, a captured tolerance, and a build in the step.
entry halveUntil(v: [n]f64, tolerance: f64): [n]f64 =
  while(1000, \s -> sum(s * s) > tolerance, \s -> build([n], \i -> s[i] * 0.5), v)
-- A tuple of an array and a scalar; the step reads a captured array.
entry accumulate(v: [n]f64, w: [n]f64, limit: f64): ([n]f64, f64) =
  while(50, \s -> s.1 < limit, \s -> (s.0 + w, s.1 + sum(w)), (v, 0.0))
-- A while in a while's step.
entry nested(k: i64): i64 =
  while(k, \s -> s < 1000, \s -> s + while(10, \t -> t < s, \t -> t + 1, 0) + 1, 0)
-- In a build: each element takes its own number of steps.
entry perElement(xs: [n]i64): [n]i64 = build([n], \i -> collatz(xs[i]).1)
entry perElementFloat(xs: [n]f64, bounds: [n]i64): [n]f64 =
  build([n], \i -> while(bounds[i], \s -> s < 1000.0, \s -> s * xs[i], 1.0))
-- A literal initial state takes the float type the functions need (LANGUAGE.md §2).
entry literalState(x: f64): f64 = while(10, \s -> s < 5.0, \s -> s + x, 0)
entry literalStateF32(x: f32): f32 = while(10, \s -> s < 5.0, \s -> s + x, 0)
entry literalCount(x: f64): i64 = while(10, \s -> f64(s) < x, \s -> s + 1, 0)
-- In a fold's step: the element bounds the count.
entry inFold(xs: [n]f64): f64 =
  fold(\a x -> a + while(100, \s -> s < x, \s -> s + 1.0, 0.0), 0.0, xs)

-- RUN: --entry collatzSteps
-- INPUT: 27
-- EXPECT: 1
-- EXPECT: 111
-- RUN: --entry collatzSteps
-- INPUT: 1
-- EXPECT: 1
-- EXPECT: 0
-- RUN: --entry bounded
-- INPUT: 0
-- INPUT: 1.5
-- EXPECT: 1.5
-- RUN: --entry bounded
-- INPUT: -3
-- INPUT: 1.5
-- EXPECT: 1.5
-- RUN: --entry bounded
-- INPUT: 5
-- INPUT: 1.5
-- EXPECT: 48.0
-- RUN: --entry never
-- INPUT: 2.5
-- EXPECT: 2.5
-- RUN: --entry huge
-- INPUT: 3.0
-- EXPECT: 192.0
-- RUN: --entry huge
-- INPUT: 150.0
-- EXPECT: 150.0
-- RUN: --entry hugeComputed
-- INPUT: 1000
-- INPUT: 0.75
-- EXPECT: 192.0
-- RUN: --entry newton
-- INPUT: 2.0
-- EXPECT: 1.414213562373095
-- EXPECT: 5
-- RUN: --entry halveUntil
-- INPUT: [3.0, 4.0]
-- INPUT: 1.0
-- EXPECT: [0.375, 0.5]
-- RUN: --entry halveUntil
-- INPUT: empty([0]f64)
-- INPUT: 1.0
-- EXPECT: empty([0]f64)
-- RUN: --entry accumulate
-- INPUT: [1.0, 2.0]
-- INPUT: [0.5, 1.0]
-- INPUT: 4.0
-- EXPECT: [2.5, 5.0]
-- EXPECT: 4.5
-- RUN: --entry nested
-- INPUT: 5
-- EXPECT: 26
-- RUN: --entry nested
-- INPUT: 100
-- EXPECT: 1005
-- RUN: --entry perElement
-- INPUT: [27, 1, 6, 7, 2]
-- EXPECT: [111, 0, 8, 16, 1]
-- RUN: --entry perElementFloat
-- INPUT: [2.0, 10.0, 1.5, 3.0]
-- INPUT: [100, 100, 3, 0]
-- EXPECT: [1024.0, 1000.0, 3.375, 1.0]
-- RUN: --entry inFold
-- INPUT: [2.5, 0.0, -1.0, 3.0]
-- EXPECT: 6.0
-- RUN: --entry literalState
-- INPUT: 1.5
-- EXPECT: 6.0
-- RUN: --entry literalStateF32
-- INPUT: 1.5
-- EXPECT: 6.0
-- RUN: --entry literalCount
-- INPUT: 3.5
-- EXPECT: 4
