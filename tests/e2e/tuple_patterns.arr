-- Tuple patterns in let: nested patterns, wildcards, several bindings, shadowing.
def stats(a: [n]f64): (f64, (f64, f64)) = (sum(a), (maximum(a), minimum(a)))

entry main(a: [n]f64): (f64, f64) =
  let (total, (hi, lo)) = stats(a)
  in (total, hi - lo)

entry wild(p: (i64, i64, i64)): i64 =
  let (_, b, _) = p
  in b

entry chain(x: i64): (i64, i64) =
  let (a, b) = (x, x + 1)
  let (b, a) = (a, b)
  let c = a * 10 + b
  in (c, a)

entry inBuild(a: [n]i64): [n]i64 =
  build([n], \i -> let (q, r) = (a[i] / 3, a[i] % 3) in q * 100 + r)

-- RUN:
-- INPUT: [1.0, 4.0, -2.0]
-- EXPECT: 3.0
-- EXPECT: 6.0
-- RUN: --entry wild
-- INPUT: 1 2 3
-- EXPECT: 2
-- RUN: --entry chain
-- INPUT: 5
-- EXPECT: 65
-- EXPECT: 6
-- RUN: --entry inBuild
-- INPUT: [7, -1, 3]
-- EXPECT: [201, -98, 100]
