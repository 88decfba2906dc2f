-- Declarations may appear in any order: functions and constants are used
-- before their definitions, also in types.
entry main(v: [size]f64): f64 = outer(v) + later
-- CHECK: entry main(v: [3]f64): f64 =

def outer(v: [n]f64): f64 = inner(v) * later
-- CHECK: def outer(v: [n]f64): f64 =

def inner(v: [n]f64): f64 = sumOuter(v) + f64(size)
-- CHECK: def inner(v: [n]f64): f64 =

def later = 2.5
-- CHECK: def later: f64 = 2.5
def size = 3
-- CHECK: def size: i64 = 3
