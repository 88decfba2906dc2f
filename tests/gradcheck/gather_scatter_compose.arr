-- Compositions of gathers and scatters: a gather of a gather, a scatter of a
-- gather (a permutation round trip), a gather of a scatter with collisions, a
-- scatter of a scatter, and a scatter of computed values.
def gg(a: [n]f64): f64 =
  let g1 = gather([n], a, \i -> [(i + 2) % n])
  let g2 = gather([n + 1], g1, \i -> [n - i])
  in sum(g2 * g2 * build([n + 1], \i -> f64(i) - 1.5))
entry loss(a: [n]f64): f64 = gg(a)
entry dloss(a: [n]f64) = grad(gg)(a)

def sg(a: [n]f64): f64 =
  let s = scatter([n], gather([n], a, \i -> [n - 1 - i]), \i -> [(i + 1) % n])
  in sum(s * exp(a))
entry lossSg(a: [n]f64): f64 = sg(a)
entry dlossSg(a: [n]f64) = grad(sg)(a)

def gs(a: [n]f64): f64 =
  let s = scatter([3], a * a, \i -> [i % 3])
  let g = gather([n], s, \i -> [n - 1 - i])
  in sum(g * a)
entry lossGs(a: [n]f64): f64 = gs(a)
entry dlossGs(a: [n]f64) = grad(gs)(a)

def ss(a: [n]f64): f64 =
  let s1 = scatter([4], a, \i -> [i % 4])
  let s2 = scatter([2], s1 * s1, \i -> [i / 2])
  in sum(s2 * [1.0, -3.0])
entry lossSs(a: [n]f64): f64 = ss(a)
entry dlossSs(a: [n]f64) = grad(ss)(a)

def computed(a: [n]f64, b: [n]f64): f64 =
  let s = scatter([2], build([n], \i -> a[i] * b[(i + 1) % n]), \i -> [i % 2])
  in s[0] * s[1]
entry lossComputed(a: [n]f64, b: [n]f64): f64 = computed(a, b)
entry dlossComputed(a: [n]f64, b: [n]f64) = grad(computed)(a, b)

-- CHECK-GRAD: loss dloss [5]
-- CHECK-GRAD: lossSg dlossSg [5]
-- CHECK-GRAD: lossGs dlossGs [6]
-- CHECK-GRAD: lossSs dlossSs [7]
-- CHECK-GRAD: lossComputed dlossComputed [5] [5]

-- vjp and jvp of the compositions as array-valued functions: a gather of a
-- gather, a scatter of a gather, a gather of a colliding scatter, a scatter of a
-- scatter and a scatter of computed values.
def ggArray(a: [n]f64): [n + 1]f64 = gather([n + 1], gather([n], a, \i -> [(i + 2) % n]), \i -> [n - i]) ** 2.0
entry primalGg(a: [n]f64): [n + 1]f64 = ggArray(a)
entry vjpGg(a: [n]f64, w: [n + 1]f64) = vjp(ggArray)(a, w)
entry jvpGg(a: [n]f64, t: [n]f64) = jvp(ggArray)(a, t)
def sgArray(a: [n]f64): [n]f64 = scatter([n], gather([n], a, \i -> [n - 1 - i]), \i -> [(i + 1) % n]) * exp(a)
entry primalSg(a: [n]f64): [n]f64 = sgArray(a)
entry vjpSg(a: [n]f64, w: [n]f64) = vjp(sgArray)(a, w)
entry jvpSg(a: [n]f64, t: [n]f64) = jvp(sgArray)(a, t)
def gsArray(a: [n]f64): [n]f64 = gather([n], scatter([3], a * a, \i -> [i % 3]), \i -> [n - 1 - i]) * a
entry primalGs(a: [n]f64): [n]f64 = gsArray(a)
entry vjpGs(a: [n]f64, w: [n]f64) = vjp(gsArray)(a, w)
entry jvpGs(a: [n]f64, t: [n]f64) = jvp(gsArray)(a, t)
def ssArray(a: [n]f64): [2]f64 = let s1 = scatter([4], a, \i -> [i % 4]) in scatter([2], s1 * s1, \i -> [i / 2])
entry primalSs(a: [n]f64): [2]f64 = ssArray(a)
entry vjpSs(a: [n]f64, w: [2]f64) = vjp(ssArray)(a, w)
entry jvpSs(a: [n]f64, t: [n]f64) = jvp(ssArray)(a, t)
entry vjpComputed(a: [n]f64, b: [n]f64, w: f64) = vjp(computed)(a, b, w)
entry jvpComputed(a: [n]f64, b: [n]f64, ta: [n]f64, tb: [n]f64) = jvp(computed)(a, b, ta, tb)

-- CHECK-VJP-JVP: primalGg vjpGg jvpGg [5]
-- CHECK-VJP-JVP: primalSg vjpSg jvpSg [5]
-- CHECK-VJP-JVP: primalGs vjpGs jvpGs [6]
-- CHECK-VJP-JVP: primalSs vjpSs jvpSs [7]
-- CHECK-VJP-JVP: lossComputed vjpComputed jvpComputed [5] [5]
