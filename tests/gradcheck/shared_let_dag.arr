-- A randomly generated DAG of lets (from a sharing fuzzer): bindings reused by
-- several later ones through builds with shifted and out-of-range reads,
-- gathers, scatters, conditions, and reductions.
def n = 4
def f(a: [n]f64, b: [n]f64, s: f64): f64 =
  let x0 = build([n], \i -> b[i] * a[(i + 1) % n] + a[i - 1])
  let x1 = scatter([n], x0, \i -> [n - 1 - i])
  let x2 = build([n], \i -> if b[i] > a[i] then a[i] * s else b[i] * 0.5)
  let x3 = sin(x2)
  let s4 = sum(a * x2)
  let x5 = b + s * x2
  let x6 = sumOuter(build([3, n], \j i -> x1[i] * f64(j) + a[(i + j) % n]))
  let x7 = sin(x0)
  let x8 = gather([n], x5, \i -> [i / 2])
  let x9 = build([n], \i -> if b[i] > x8[i] then x2[i] * s else a[i] + 1.5)
  let x10 = sumOuter(build([3, n], \j i -> x9[i] * f64(j) + x1[(i + j) % n]))
  let x11 = scatter([n], b, \i -> [n - 1 - i])
  let x12 = sumOuter(build([3, n], \j i -> a[i] * f64(j) + x8[(i + j) % n]))
  let x13 = tanh(x9)
  let x14 = build([n], \i -> if x5[i] > x11[i] then x3[i] * s4 else x8[i])
  in sum(x10) + sum(x2) + sum(x1) + s
entry loss(a: [n]f64, b: [n]f64, s: f64): f64 = f(a, b, s)
entry dloss(a: [n]f64, b: [n]f64, s: f64) = grad(f)(a, b, s)
def g(a: [n]f64, b: [n]f64, s: f64): [n]f64 =
  let x0 = build([n], \i -> b[i] * a[(i + 1) % n] + a[i - 1])
  let x1 = scatter([n], x0, \i -> [n - 1 - i])
  let x2 = build([n], \i -> if b[i] > a[i] then a[i] * s else b[i] * 0.5)
  let x3 = sin(x2)
  let s4 = sum(a * x2)
  let x5 = b + s * x2
  let x6 = sumOuter(build([3, n], \j i -> x1[i] * f64(j) + a[(i + j) % n]))
  let x7 = sin(x0)
  let x8 = gather([n], x5, \i -> [i / 2])
  let x9 = build([n], \i -> if b[i] > x8[i] then x2[i] * s else a[i] + 1.5)
  let x10 = sumOuter(build([3, n], \j i -> x9[i] * f64(j) + x1[(i + j) % n]))
  let x11 = scatter([n], b, \i -> [n - 1 - i])
  let x12 = sumOuter(build([3, n], \j i -> a[i] * f64(j) + x8[(i + j) % n]))
  let x13 = tanh(x9)
  let x14 = build([n], \i -> if x5[i] > x11[i] then x3[i] * s4 else x8[i])
  in x12
entry primal(a: [n]f64, b: [n]f64, s: f64): [n]f64 = g(a, b, s)
entry vjpG(a: [n]f64, b: [n]f64, s: f64, w: [n]f64) = vjp(g)(a, b, s, w)
entry jvpG(a: [n]f64, b: [n]f64, s: f64, ta: [n]f64, tb: [n]f64, ts: f64) = jvp(g)(a, b, s, ta, tb, ts)
-- CHECK-GRAD: loss dloss [4] [4] []
-- CHECK-VJP-JVP: primal vjpG jvpG [4] [4] []
