-- The dot product of LANGUAGE.md §1, at two sizes (sizes are read off the inputs).
def dot(a: [n]f64, b: [n]f64): f64 =
  sum(build([n], \i -> a[i] * b[i]))

entry main(a: [n]f64, b: [n]f64): f64 = dot(a, b)

-- RUN:
-- INPUT: [1.0, 2.0, 3.0]
-- INPUT: [4.0, 5.0, 6.0]
-- EXPECT: 32.0
-- RUN: --entry main
-- INPUT: [0.5] [4.0]
-- EXPECT: 2.0
-- RUN:
-- INPUT: [1.0, 2.0] [1.0, 2.0, 3.0]
-- EXPECT-ERROR: disagree
