-- Literals typed by the context that uses them (LANGUAGE.md §2): the first concrete
-- type a literal meets, through let, if, build, array literals, tuples and the states
-- of fold, scan, mapAccum, iterate and while, even when that use comes after the
-- literal. Only a literal nothing constrains takes the default, f64 or i64.
def twice<T>(a: T, b: T): T = a + b

-- The example of §2: the state built of 0.0 is [n]f32 because the step adds f32 values.
entry decay(w: [n]f32, xs: [k][n]f32): [n]f32 =
  fold(\v x -> 0.9 * v + x * w, build([n], \_ -> 0.0), xs)
-- let: the literal's type comes from a later use of the name.
entry letUse(w: [n]f32): [n]f32 =
  let z = 0.5
  let scaled = z * w
  in scaled + z
-- if: a build of literals in one branch takes the other's type.
entry ifBranch(c: bool, w: [n]f32): [n]f32 = if c then build([n], \_ -> 1.5) else w
-- array literals: an element built of literals takes the others' type.
entry arrayElement(w: [n]f32): [2][n]f32 = [build([n], \_ -> 1), w]
-- A let-bound array literal later multiplied by f32 values.
entry letArray(w: [2]f32): [2]f32 = let a = [1.5, 2] in a * w
-- tuples: each component on its own (an f32 sum and an i64 count).
entry tupleState(xs: [n]f32): (f32, i64) =
  let start = (0.0, 0) in fold(\s x -> (s.0 + x, s.1 + 1), start, xs)
-- scan and mapAccum states of literals (while: literal_context_while.arr).
entry scanState(xs: [n]f32): [n]f32 = scan(\a x -> a + x, 0, xs)
entry mapAccumState(xs: [n]f32): (f32, [n]f32) = mapAccum(\a x -> (a + x, a * 2.0), 0.0, xs)
-- iterate (a prelude function) and a generic function of the user: literal arguments.
entry iterateState(x: f32): f32 = iterate(3, \i s -> s * x + f32(i), 1.0)
entry genericArgument(x: f32): f32 = twice(0.25, x)
-- A declared result type reaches the literal through the let.
entry resultType(): f32 = let z = 0.1 in z
-- i64 literals where f64 is needed, later.
entry intAsFloat(xs: [n]f64): (f64, f64) = (fold(\a x -> a + x, 0, xs), let s = 2 in s * sum(xs))
-- Nothing constrains these: f64 and i64.
-- No result type is declared: 0.1 * 3.0 prints as an f64, 0.30000000000000004.
entry defaults() =
  let a = 0.1
  let b = 2
  in (a * 3.0, b, [a, 2.0], if true then 1.0 else 2, fold(\c x -> c + x, 0, [1, 2, 3]))

-- RUN: --entry decay
-- INPUT: [1.0, 2.0]
-- INPUT: [[1.0, 1.0], [2.0, 2.0]]
-- EXPECT: [2.9, 5.8]
-- RUN: --entry letUse
-- INPUT: [1.0, 2.0]
-- EXPECT: [1.0, 1.5]
-- RUN: --entry ifBranch
-- INPUT: true
-- INPUT: [1.0, 2.0]
-- EXPECT: [1.5, 1.5]
-- RUN: --entry ifBranch
-- INPUT: false
-- INPUT: [1.0, 2.0]
-- EXPECT: [1.0, 2.0]
-- RUN: --entry arrayElement
-- INPUT: [1.0, 2.0]
-- EXPECT: [[1.0, 1.0], [1.0, 2.0]]
-- RUN: --entry letArray
-- INPUT: [1.0, 2.0]
-- EXPECT: [1.5, 4.0]
-- RUN: --entry tupleState
-- INPUT: [1.0, 2.0, 0.5]
-- EXPECT: 3.5
-- EXPECT: 3
-- RUN: --entry scanState
-- INPUT: [1.0, 2.0, 0.5]
-- EXPECT: [1.0, 3.0, 3.5]
-- RUN: --entry mapAccumState
-- INPUT: [1.0, 2.0, 0.5]
-- EXPECT: 3.5
-- EXPECT: [0.0, 2.0, 6.0]
-- RUN: --entry iterateState
-- INPUT: 2.0
-- EXPECT: 12.0
-- RUN: --entry genericArgument
-- INPUT: 0.5
-- EXPECT: 0.75
-- RUN: --entry resultType
-- EXPECT: 0.1
-- RUN: --entry intAsFloat
-- INPUT: [1.0, 2.5]
-- EXPECT: 3.5
-- EXPECT: 7.0
-- RUN: --entry defaults
-- EXPECT: 0.30000000000000004
-- EXPECT: 2
-- EXPECT: [0.1, 2.0]
-- EXPECT: 1.0
-- EXPECT: 6
