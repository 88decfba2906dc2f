-- The small examples of LANGUAGE.md sections 3, 5 and 6.
def dbl<T>(x: T): T = x + x

entry floorDiv(): (bool, bool) = (-7 / 2 == -4, -7 % 2 == 1)
-- CHECK: entry floorDiv(): (bool, bool) =

-- `a ** b` is `pow(a, b)`: both have the same type.
entry powers(a: [n]f64, b: [n]f64): [n]f64 = a ** b - pow(a, b)
-- CHECK: entry powers(a: [n]f64, b: [n]f64): [n]f64 =

-- tr([1,0], a) is the matrix transpose.
entry transposeIt(a: [n,m]f64): [m,n]f64 = tr([1, 0], a)
-- CHECK: entry transposeIt(a: [n,m]f64): [m,n]f64 =

-- gather([k..], a, f) = build([k..], \i.. -> a[j..]).
entry gatherIsBuild(a: [d,e]f64, is: [k]i64): [k,e]f64 =
  gather([k], a, \i -> [is[i]]) - build([k], \i -> a[is[i]])
-- CHECK: entry gatherIsBuild(a: [d,e]f64, is: [k]i64): [k,e]f64 =

-- An array of tuples is a tuple of arrays; projections chain.
entry tuples(p: [n](f64, i64), t: ((f64, i64), bool)): (([n]f64, [n]i64), i64) = (p, t.0.1)
-- CHECK: entry tuples(p: ([n]f64, [n]i64), t: ((f64, i64), bool)): (([n]f64, [n]i64), i64) =

entry useDbl(x: f64): f64 = dbl(x)
-- CHECK: entry useDbl(x: f64): f64 =

-- Indexing out of range and division by zero are not type errors (section 7).
entry total(a: [n]f64, i: i64): (f64, i64, f64) = (a[-1] + a[n], i / 0 + i % 0, log(-1.0) + 1.0 / 0.0)
-- CHECK: entry total(a: [n]f64, i: i64): (f64, i64, f64) =
