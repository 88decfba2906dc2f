-- tr permutes outer dimensions: its adjoint is the inverse permutation. Matrix
-- transpose, a rank-3 rotation (not self-inverse), and tr of only the outer two
-- of three dimensions.
def weights2(r: i64, c: i64): [r, c]f64 = build([r, c], \i j -> f64(3 * i + j) + 0.25)
def mat(m: [r, c]f64): f64 = sum(sum(tr([1, 0], m) * tr([1, 0], m) * weights2(c, r)))
entry loss(m: [r, c]f64): f64 = mat(m)
entry dloss(m: [r, c]f64) = grad(mat)(m)

def rotate(t: [p, q, s]f64): f64 =
  let u = tr([2, 0, 1], t)
  in sum(sum(sum(u * build([s, p, q], \i j k -> f64(i * 7 + j * 3 + k) - 4.0))))
entry lossRot(t: [p, q, s]f64): f64 = rotate(t)
entry dlossRot(t: [p, q, s]f64) = grad(rotate)(t)

def outer2(t: [p, q, s]f64): f64 =
  let u = tr([1, 0], t)
  in sum(sum(sum(exp(u) * build([q, p, s], \i j k -> f64(i + 2 * j + 5 * k)))))
entry lossOuter2(t: [p, q, s]f64): f64 = outer2(t)
entry dlossOuter2(t: [p, q, s]f64) = grad(outer2)(t)

entry primal(m: [r, c]f64): [c, r]f64 = tr([1, 0], m) * 2.0
entry vjpPrimal(m: [r, c]f64, w: [c, r]f64) = vjp(\x -> tr([1, 0], x) * 2.0)(m, w)
entry jvpPrimal(m: [r, c]f64, v: [r, c]f64) = jvp(\x -> tr([1, 0], x) * 2.0)(m, v)

entry primal3(t: [p, q, s]f64): [s, p, q]f64 = tr([2, 0, 1], t * t)
entry vjpPrimal3(t: [p, q, s]f64, w: [s, p, q]f64) = vjp(\x -> tr([2, 0, 1], x * x))(t, w)
entry jvpPrimal3(t: [p, q, s]f64, v: [p, q, s]f64) = jvp(\x -> tr([2, 0, 1], x * x))(t, v)

-- CHECK-GRAD: loss dloss [2,3]
-- CHECK-GRAD: lossRot dlossRot [2,3,2]
-- CHECK-GRAD: lossOuter2 dlossOuter2 [2,3,2]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [2,3]
-- CHECK-VJP-JVP: primal3 vjpPrimal3 jvpPrimal3 [2,3,2]
