-- Prelude sequence functions: concat, reverse, take, drop. Their gradients
-- route each element's cotangent back to where the element came from.
def cr(a: [n]f64, b: [m]f64): f64 =
  let c = concat(a, b)
  in sum(c * reverse(c) * build([n + m], \i -> f64(i) + 1.0)) + sum(exp(reverse(a)) * a)
entry loss(a: [n]f64, b: [m]f64): f64 = cr(a, b)
entry dloss(a: [n]f64, b: [m]f64) = grad(cr)(a, b)

def td(a: [5]f64): f64 = sum(take(2, a) * [1.0, 2.0]) * sum(drop(2, a) ** 2.0) + sum(take(3, reverse(a)) * drop(2, a))
entry lossTd(a: [5]f64): f64 = td(a)
entry dlossTd(a: [5]f64) = grad(td)(a)

def pieces(a: [6]f64): f64 =
  let x = concat(drop(3, a), take(3, a))
  in sum(x * a) + sum(concat(take(1, x), reverse(drop(4, x))) * [3.0, -1.0, 2.0])
entry lossPieces(a: [6]f64): f64 = pieces(a)
entry dlossPieces(a: [6]f64) = grad(pieces)(a)

entry primal(a: [n]f64, b: [m]f64): [n + m]f64 = concat(a * a, reverse(b))
entry vjpPrimal(a: [n]f64, b: [m]f64, w: [n + m]f64) = vjp(\x y -> concat(x * x, reverse(y)))(a, b, w)
entry jvpPrimal(a: [n]f64, b: [m]f64, ta: [n]f64, tb: [m]f64) = jvp(\x y -> concat(x * x, reverse(y)))(a, b, ta, tb)

-- CHECK-GRAD: loss dloss [3] [4]
-- CHECK-GRAD: lossTd dlossTd [5]
-- CHECK-GRAD: lossPieces dlossPieces [6]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [2] [3]
