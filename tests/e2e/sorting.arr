-- Sorting without loops: each element's rank is the number of elements before it
-- in the order (ties broken by index), and a scatter puts it at its rank.
def ranks(a: [n]f64): [n]i64 =
  build([n], \i -> sum(build([n], \j -> if a[j] < a[i] || (a[j] == a[i] && j < i) then 1 else 0)))

entry rank(a: [n]f64): [n]i64 = ranks(a)

entry sort(a: [n]f64): [n]f64 =
  let r = ranks(a)
  in scatter([n], a, \i -> [r[i]])

-- The permutation that sorts: argsort.
entry argsort(a: [n]f64): [n]i64 =
  let r = ranks(a)
  in scatter([n], iota(n), \i -> [r[i]])

-- RUN: --entry rank
-- INPUT: [3.0, 1.0, 2.0]
-- EXPECT: [2, 0, 1]
-- RUN: --entry sort
-- INPUT: [3.5, -1.0, 2.0, 2.0, 0.0, -7.25]
-- EXPECT: [-7.25, -1.0, 0.0, 2.0, 2.0, 3.5]
-- RUN: --entry sort
-- INPUT: empty([0]f64)
-- EXPECT: empty([0]f64)
-- RUN: --entry argsort
-- INPUT: [3.5, -1.0, 2.0, 2.0, 0.0, -7.25]
-- EXPECT: [5, 1, 4, 2, 3, 0]
