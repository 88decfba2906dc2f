-- import "path" is relative to the importing file (lib/helpers.arr itself imports
-- "inner.arr" relative to lib/); imported declarations are in scope (constants
-- too, also in types) but are not printed in the dump.
import "lib/helpers.arr"
-- CHECK-NOT: def cube
-- CHECK-NOT: def square2

entry main(x: f64, v: [helperSize]f64): (f64, f64) = (cube(x), addAll(v))
-- CHECK: entry main(x: f64, v: [4]f64): (f64, f64) =
-- CHECK-NOT: def cube
