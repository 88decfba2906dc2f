-- ARGS: -D n=5 -D scale=0.5
-- `arrc -D NAME=VALUE` overrides a constant; the types that use it change.
def n = 3
-- CHECK: def n: i64 = 5
def scale = 0.25
-- CHECK: def scale: f64 = 0.5

entry main(a: [n]f64): [n]f64 = a * scale
-- CHECK: entry main(a: [5]f64): [5]f64 =

entry twice(a: [n]f64): [2*n]f64 = build([2*n], \i -> a[i % n])
-- CHECK: entry twice(a: [5]f64): [10]f64 =
