-- f32 through the bulk operations: gather, scatter with collisions, sumOuter,
-- maxOuter, replicate, tr, reshape and a stencil, all in f32.
def bulk(a: [n]f32, m: [r, c]f32): f32 =
  let g = gather([4], a, \i -> [(i * 2) % n])
  let s = scatter([2], a * a, \i -> [i % 2])
  let t = tr([1, 0], m)
  let f = reshape([r * c], m)
  in sum(g * g) + sum(s * s) + sum(maxOuter(m)) + sum(sumOuter(t) * sumOuter(t)) + sum(f * f * f)
     + sum(sum(replicate(2, a) * 0.5))
entry loss(a: [n]f32, m: [r, c]f32): f32 = bulk(a, m)
entry dloss(a: [n]f32, m: [r, c]f32) = grad(bulk)(a, m)

def stencil(a: [n]f32): f32 = sum(build([n], \i -> (a[i + 1] - a[i - 1]) ** 2.0))
entry lossStencil(a: [n]f32): f32 = stencil(a)
entry dlossStencil(a: [n]f32) = grad(stencil)(a)

entry primal(a: [n]f32): [3]f32 = scatter([3], exp(a), \i -> [i % 3])
entry vjpPrimal(a: [n]f32, w: [3]f32) = vjp(\x -> scatter([3], exp(x), \i -> [i % 3]))(a, w)
entry jvpPrimal(a: [n]f32, v: [n]f32) = jvp(\x -> scatter([3], exp(x), \i -> [i % 3]))(a, v)

-- CHECK-GRAD: loss dloss [3]f32 [3,2]f32
-- CHECK-GRAD: lossStencil dlossStencil [5]f32
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [5]f32
