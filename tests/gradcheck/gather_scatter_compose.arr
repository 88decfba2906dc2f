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
