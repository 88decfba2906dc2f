-- Two imported files importing the same third file: its declarations are
-- brought in once, not redefined.
import "lib/left.arr"
import "lib/right.arr"
import "lib/common.arr"

entry main(x: f64): f64 = left(x) + right(x) + shared(x)
-- CHECK: entry main(x: f64): f64 =
-- CHECK-NEXT: ((left(x) + right(x)) + shared(x))
