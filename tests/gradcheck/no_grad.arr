-- noGrad(e) has the value of e and a zero derivative: its gradient contribution
-- is zero. loss(a) = sum(a * noGrad(a)) has gradient a (not 2a), and a loss made
-- only of noGrad terms has gradient zero. Finite differences of such losses do
-- not agree with the gradient, so these are checked against the expected
-- gradient computed directly, and the value of noGrad against the plain value.
def half(a: [n]f64): f64 = sum(a * noGrad(a))
entry dlossHalf(a: [n]f64) = grad(half)(a)
entry expectedHalf(a: [n]f64): [n]f64 = a

def none(a: [n]f64): f64 = sum(noGrad(exp(a) * a)) + noGrad(sum(a)) * 2.0
entry dlossNone(a: [n]f64) = grad(none)(a)
entry expectedNone(a: [n]f64): [n]f64 = a * 0.0

-- The stop-gradient value participates normally in the primal.
def scaled(a: [n]f64, b: [n]f64): f64 = sum(exp(a) * noGrad(b * b)) + sum(noGrad(a) * b)
entry dlossScaled(a: [n]f64, b: [n]f64) = grad(scaled)(a, b)
entry expectedScaled(a: [n]f64, b: [n]f64): ([n]f64, [n]f64) = (exp(a) * b * b, a)

-- With noGrad on a constant-valued correction, finite differences match.
def corrected(a: [n]f64): f64 =
  let s = sum(a * a)
  in s - noGrad(s) + noGrad(s)
entry lossCorr(a: [n]f64): f64 = corrected(a)
entry dlossCorr(a: [n]f64) = grad(corrected)(a)

entry primal(a: [n]f64): f64 = half(a)
entry plain(a: [n]f64): f64 = sum(a * a)

-- CHECK-EQUAL: dlossHalf expectedHalf [5]
-- CHECK-EQUAL: dlossNone expectedNone [5]
-- CHECK-EQUAL: dlossScaled expectedScaled [4] [4]
-- CHECK-EQUAL: primal plain [4]
-- CHECK-GRAD: lossCorr dlossCorr [5]

-- vjp and jvp through noGrad. Finite differences see the derivative of the value,
-- so noGrad is given an argument whose value does not change along the
-- differentiated input: x - a + c equals the constant input c at x = a, but it
-- depends on x, and only a zero derivative of noGrad leaves exp(x) * c's.
entry primalStop(a: [n]f64, c: [n]f64): [n]f64 = exp(a) * c + c * c
entry vjpStop(a: [n]f64, c: [n]f64, w: [n]f64) = vjp(\x -> exp(x) * noGrad(x - a + c) + noGrad((x - a + c) * (x - a + c)))(a, w)
entry jvpStop(a: [n]f64, c: [n]f64, t: [n]f64) = jvp(\x -> exp(x) * noGrad(x - a + c) + noGrad((x - a + c) * (x - a + c)))(a, t)
entry vjpCorr(a: [n]f64, w: f64) = vjp(corrected)(a, w)
entry jvpCorr(a: [n]f64, t: [n]f64) = jvp(corrected)(a, t)

-- CHECK-VJP-JVP: primalStop vjpStop jvpStop [4] ~[4]
-- CHECK-VJP-JVP: lossCorr vjpCorr jvpCorr [5]
