-- GradBench's `saddle` eval: the saddle point of f(p, q) = |p|^2 - |q|^2 over p, q in
-- R^2 by nested gradient descent, min over p of (max over q of f(p, q)), with each of
-- the two gradients by forward or by reverse mode. See README.md.
--
-- Input: start [2], the starting point of every descent. Output [4]: the argmin p
-- followed by the argmax q for that p.

-- The eval's objective: objective(x1, y1, x2, y2) = (x1^2 + y1^2) - (x2^2 + y2^2) with
-- the first point (x1, y1) minimised over and the second (x2, y2) maximised over.
def objective(p: [2]f64, q: [2]f64): f64 = (p[0] ** 2.0 + p[1] ** 2.0) - (q[0] ** 2.0 + q[1] ** 2.0)

-- The descents stop on their own within a few hundred steps; the bound only keeps the
-- loop total.
def maxDescentSteps = 1000000

-- The gradient of a scalar function by forward mode: one jvp per coordinate.
def gradFwd(f: [n]f64 -> f64, x: [n]f64): [n]f64 =
  build([n], \j -> (jvp(f)(x, build([n], \k -> if j == k then 1.0 else 0.0))).1)

def distance(u: [n]f64, v: [n]f64): f64 = sqrt(sum((u - v) ** 2.0))

-- Gradient descent with an adaptive rate, as in Pearlmutter and Siskind's
-- multivariate-argmin: the rate doubles after every 10 accepted steps and halves on a
-- rejected one; the descent stops when the gradient or the step is below 1e-5. `g` is
-- f's gradient. The state is (x, f(x), g(x), rate, accepted steps, still going).
def argmin(f: [n]f64 -> f64, g: [n]f64 -> [n]f64, x0: [n]f64): [n]f64 =
  let final = while(maxDescentSteps, \s -> s.5, \s ->
    let (x, fx, gx, eta, i, _) = s
    let x1 = x - eta * gx
    let fx1 = f(x1)
    in if norm(gx) <= 1e-5 then (x, fx, gx, eta, i, false)
       else if i == 10 then (x, fx, gx, 2.0 * eta, 0, true)
       else if distance(x, x1) <= 1e-5 then (x, fx, gx, eta, i, false)
       else if fx1 < fx then (x1, fx1, g(x1), eta, i + 1, true)
       else (x, fx, gx, eta / 2.0, 0, true),
    (x0, f(x0), g(x0), 1e-5, 0, true))
  in final.0

-- The maximum of f by the descent of -f (whose gradient is -g).
def argmax(f: [n]f64 -> f64, g: [n]f64 -> [n]f64, x0: [n]f64): [n]f64 =
  argmin(\x -> -f(x), \x -> -g(x), x0)

-- max over q of f(p, q), from start, the inner gradient by forward or reverse mode.
def innerMaxFwd(p: [2]f64, start: [2]f64): f64 =
  objective(p, argmax(\q -> objective(p, q), \q -> gradFwd(\r -> objective(p, r), q), start))

def innerMaxRev(p: [2]f64, start: [2]f64): f64 =
  objective(p, argmax(\q -> objective(p, q), \q -> grad(\r -> objective(p, r))(q), start))

-- Step 2 of the eval: the argmax over q for the argmin p found, by the outer mode.
def withArgmaxFwd(p: [2]f64, start: [2]f64): [4]f64 =
  concat(p, argmax(\q -> objective(p, q), \q -> gradFwd(\r -> objective(p, r), q), start))

def withArgmaxRev(p: [2]f64, start: [2]f64): [4]f64 =
  concat(p, argmax(\q -> objective(p, q), \q -> grad(\r -> objective(p, r))(q), start))

-- The four variants, named outer mode then inner mode (f: forward, r: reverse).
entry ff(start: [2]f64): [4]f64 =
  withArgmaxFwd(argmin(\p -> innerMaxFwd(p, start), \p -> gradFwd(\u -> innerMaxFwd(u, start), p), start), start)

entry fr(start: [2]f64): [4]f64 =
  withArgmaxFwd(argmin(\p -> innerMaxRev(p, start), \p -> gradFwd(\u -> innerMaxRev(u, start), p), start), start)

entry rf(start: [2]f64): [4]f64 =
  withArgmaxRev(argmin(\p -> innerMaxFwd(p, start), \p -> grad(\u -> innerMaxFwd(u, start))(p), start), start)

entry rr(start: [2]f64): [4]f64 =
  withArgmaxRev(argmin(\p -> innerMaxRev(p, start), \p -> grad(\u -> innerMaxRev(u, start))(p), start), start)
