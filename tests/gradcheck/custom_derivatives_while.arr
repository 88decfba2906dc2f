-- A fixed-point solver that stops when converged (a while loop), differentiated by the
-- implicit function theorem through customVjp (LANGUAGE.md §8): z = g(z, a) gives
-- dz = (dg/da da) / (1 - dg/dz), a rule that itself differentiates g. Compared with finite
-- differences and with the derivative of the iteration unrolled.
-- RANGE: -1.0 1.0
def g(z: f64, a: f64): f64 = 0.5 * cos(z) + a
def solve(a: f64): f64 = while(1000, \s -> abs(g(s, a) - s) > 1e-15, \s -> g(s, a), 0.0)
def solveRule(a: f64, z: f64, ct: f64): f64 =
  ct * grad(\w -> g(z, w))(a) / (1.0 - grad(\w -> g(w, a))(z))
def fixedPoint(a: f64): f64 = customVjp(solve, solveRule)(a)
def unrolled(a: f64): f64 = iterate(100, \_ s -> g(s, a), 0.0)
entry lossFixed(a: f64): f64 = fixedPoint(a) * fixedPoint(a)
entry dFixed(a: f64) = grad(\a -> fixedPoint(a) * fixedPoint(a))(a)
entry dUnrolled(a: f64) = grad(\a -> unrolled(a) * unrolled(a))(a)
-- Forward mode differentiates the solver's steps.
entry jvpFixed(a: f64, t: f64) = jvp(fixedPoint)(a, t)
entry lossPoint(a: f64): f64 = fixedPoint(a)
-- CHECK-GRAD: lossFixed dFixed []
-- CHECK-JVP: lossPoint jvpFixed []
-- TOL: 1e-10 1e-12
-- CHECK-EQUAL: dFixed dUnrolled []
-- TOL: default

-- A call with a rule in a while loop's step, under reverse mode.
def damp(x: f64, w: f64): f64 =
  while(20, \s -> s.1 < 5,
        \s -> (customVjp(\a -> sin(a) * w + a, \a y ct -> ct * (cos(a) * w + 1.0))(s.0), s.1 + 1),
        (x, 0)).0
entry lossDamp(x: f64, w: f64): f64 = damp(x, w)
entry dDamp(x: f64, w: f64) = grad(\v -> damp(v, w))(x)
-- CHECK-GRAD: lossDamp dDamp [] ~[]
