-- Deeply nested builds (three levels) with conditions, gathers and reductions
-- at every level, per-iteration local arrays, functions with builds called
-- inside builds, and if choosing between sub-arrays.
def inner(v: [c]f64, s: f64): [c]f64 = build([c], \k -> if v[k] > s then v[k] * s else v[(k + 1) % c] - s)

def level3(t: [p, q, c]f64): f64 =
  sum(build([p], \i ->
    sum(build([q], \j ->
      let local = inner(t[i, j], t[i, j, 0])
      in sum(build([c], \k -> local[k] * t[(i + 1) % p, j, k] + local[c - 1 - k]))))))
entry loss(t: [p, q, c]f64): f64 = level3(t)
entry dloss(t: [p, q, c]f64) = grad(level3)(t)

def subArrays(m: [r, c]f64, s: [r]f64): f64 =
  let chosen = build([r], \i -> if s[i] > 0.0 then m[i] * s[i] else m[(i + 1) % r] * 2.0)
  in sum(sum(chosen * chosen))
entry lossSub(m: [r, c]f64, s: [r]f64): f64 = subArrays(m, s)
entry dlossSub(m: [r, c]f64, s: [r]f64) = grad(subArrays)(m, s)

def scatterInBuilds(m: [r, c]f64): f64 =
  let s = build([r], \i -> build([2], \j -> sum(scatter([2], m[i] * f64(j + 1), \k -> [(k + j) % 2]))))
  in sum(sum(s * s))
entry lossScatter(m: [r, c]f64): f64 = scatterInBuilds(m)
entry dlossScatter(m: [r, c]f64) = grad(scatterInBuilds)(m)

def negativeMod(a: [n]f64): f64 = sum(build([n], \i -> a[(i - 2) % n] * a[i] + a[(-i) % n]))
entry lossMod(a: [n]f64): f64 = negativeMod(a)
entry dlossMod(a: [n]f64) = grad(negativeMod)(a)

entry primal(t: [p, q, c]f64): [p, q]f64 = build([p, q], \i j -> sum(inner(t[i, j], t[i, j, 0])))
entry vjpPrimal(t: [p, q, c]f64, w: [p, q]f64) = vjp(\x -> build([p, q], \i j -> sum(inner(x[i, j], x[i, j, 0]))))(t, w)
entry jvpPrimal(t: [p, q, c]f64, v: [p, q, c]f64) = jvp(\x -> build([p, q], \i j -> sum(inner(x[i, j], x[i, j, 0]))))(t, v)

-- CHECK-GRAD: loss dloss [2,2,3]
-- CHECK-GRAD: lossSub dlossSub [3,2] [3]
-- CHECK-GRAD: lossScatter dlossScatter [3,3]
-- CHECK-GRAD: lossMod dlossMod [5]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [2,2,3]
