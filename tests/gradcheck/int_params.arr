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

-- vjp and jvp pass i64 and bool parameters through as well: tangents are given
-- and cotangents returned for the float parameters only, in order.
def fArray(k: i64, a: [n]f64, idx: [n]i64, b: f64): [n]f64 = build([n], \i -> a[i] * f64(idx[i] + k) * b) + b * f64(k)
entry primalF(k: i64, a: [n]f64, idx: [n]i64, b: f64): [n]f64 = fArray(k, a, idx, b)
entry vjpF(k: i64, a: [n]f64, idx: [n]i64, b: f64, w: [n]f64) = vjp(fArray)(k, a, idx, b, w)
entry jvpF(k: i64, a: [n]f64, idx: [n]i64, b: f64, ta: [n]f64, tb: f64) = jvp(fArray)(k, a, idx, b, ta, tb)
def flagsArray(a: [n]f64, on: [n]bool, scale: i64): [n]f64 = build([n], \i -> if on[i] then a[i] * a[i] * f64(scale) else -a[i])
entry primalFlags(a: [n]f64, on: [n]bool, scale: i64): [n]f64 = flagsArray(a, on, scale)
entry vjpFlags(a: [n]f64, on: [n]bool, scale: i64, w: [n]f64) = vjp(flagsArray)(a, on, scale, w)
entry jvpFlags(a: [n]f64, on: [n]bool, scale: i64, t: [n]f64) = jvp(flagsArray)(a, on, scale, t)
entry vjpLookup(idx: [k]i64, a: [n]f64, w: f64) = vjp(lookup)(idx, a, w)
entry jvpLookup(idx: [k]i64, a: [n]f64, t: [n]f64) = jvp(lookup)(idx, a, t)

-- CHECK-VJP-JVP: primalF vjpF jvpF []i64@-2:3 [4] [4]i64 []
-- CHECK-VJP-JVP: primalFlags vjpFlags jvpFlags [5] [5]bool []i64@1:3
-- CHECK-VJP-JVP: lossLookup vjpLookup jvpLookup [6]i64@0:4 [4]
