-- import brings another file's definitions (functions and constants) into scope,
-- relative to the importing file; a user definition shadows a prelude name.
import "lib/geometry.arr"

def twiceDist(a: [n]f64, b: [n]f64): f64 = scale2 * dist2(a, b)

entry main(a: [n]f64, b: [n]f64): f64 = twiceDist(a, b)

entry same(a: [n]i64): [n]i64 = reverse(a)

-- RUN:
-- INPUT: [1.0, 2.0] [4.0, -2.0]
-- EXPECT: 50.0
-- RUN: --entry same
-- INPUT: [1, 2, 3]
-- EXPECT: [1, 2, 3]
