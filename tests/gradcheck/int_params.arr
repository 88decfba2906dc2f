-- i64 and bool parameters are passed through by grad and get no gradient: the
-- result has one gradient per float parameter only, in order.
def f(k: i64, a: [n]f64, idx: [n]i64, b: f64): f64 =
  sum(build([n], \i -> a[i] * f64(idx[i] + k) * b)) + b * f64(k)
entry loss(k: i64, a: [n]f64, idx: [n]i64, b: f64): f64 = f(k, a, idx, b)
entry dloss(k: i64, a: [n]f64, idx: [n]i64, b: f64) = grad(f)(k, a, idx, b)

def flags(a: [n]f64, on: [n]bool, scale: i64): f64 =
  sum(build([n], \i -> if on[i] then a[i] * a[i] * f64(scale) else -a[i]))
entry lossFlags(a: [n]f64, on: [n]bool, scale: i64): f64 = flags(a, on, scale)
entry dlossFlags(a: [n]f64, on: [n]bool, scale: i64) = grad(flags)(a, on, scale)

-- A single float parameter among integers: the gradient is a single value.
def lookup(idx: [k]i64, a: [n]f64): f64 = sum(gather([k], a, \i -> [idx[i]]) ** 2.0)
entry lossLookup(idx: [k]i64, a: [n]f64): f64 = lookup(idx, a)
entry dlossLookup(idx: [k]i64, a: [n]f64) = grad(lookup)(idx, a)

-- CHECK-GRAD: loss dloss []i64@-2:3 [4] [4]i64 []
-- CHECK-GRAD: lossFlags dlossFlags [5] [5]bool []i64@1:3
-- CHECK-GRAD: lossLookup dlossLookup [6]i64@0:4 [4]
