-- Constants: in types, in expressions, scalar float constants, constants built
-- from other constants, and -D overrides.
def n = 3
def scale = 0.25
def offset = n + 1

entry main(a: [n]f64): [n]f64 = a * scale + f64(offset)

entry ramp(): [n]i64 = iota(n) * offset

entry table(): [n, 2]f64 = build([n, 2], \i j -> f64(i * 2 + j) * scale)

entry count(): (i64, f64) = (n, scale)

-- RUN:
-- INPUT: [4.0, 8.0, -4.0]
-- EXPECT: [5.0, 6.0, 3.0]
-- RUN:
-- INPUT: [4.0, 8.0]
-- EXPECT-ERROR: parameter 'a'
-- RUN: -D n=4
-- INPUT: [4.0, 8.0, -4.0, 0.0]
-- EXPECT: [6.0, 7.0, 4.0, 5.0]
-- RUN: -D n=4 --entry ramp
-- EXPECT: [0, 5, 10, 15]
-- RUN: --entry ramp
-- EXPECT: [0, 4, 8]
-- RUN: -D scale=0.5 --entry table
-- EXPECT: [[0.0, 0.5], [1.0, 1.5], [2.0, 2.5]]
-- RUN: --entry table -D n=1
-- EXPECT: [[0.0, 0.25]]
-- RUN: --entry count
-- EXPECT: 3
-- EXPECT: 0.25
-- RUN: --entry count -D n=0 -D scale=-1.5
-- EXPECT: 0
-- EXPECT: -1.5
-- RUN: --entry table -D n=0
-- EXPECT: empty([0,2]f64)
