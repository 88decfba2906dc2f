-- GradBench's `particle` eval: a charged particle starts at (0, 8) with velocity
-- (0.75, 0) and is pushed by two fixed charges at (10, 10 - w) and (10, 0); naive Euler
-- integration (step 0.1) follows it until it hits the x axis, and gradient descent
-- finds the control w that makes it hit the axis at the origin. The force is the
-- gradient of the potential (the inner derivative), and the descent differentiates the
-- whole flight, inner derivative and loop included (the outer derivative); each by
-- forward or reverse mode. See README.md.
--
-- Input: w0, where the descent starts. Output: the w found.

def dt = 0.1

-- The flight stops within a few hundred steps; the bound only keeps the loop total.
def maxFlightSteps = 1000000

-- The electric potential at x of the two fixed charges.
def potential(w: f64, x: [2]f64): f64 =
  1.0 / distance(x, [10.0, 10.0 - w]) + 1.0 / distance(x, [10.0, 0.0])

def forceFwd(w: f64, x: [2]f64): [2]f64 = -gradFwd(\y -> potential(w, y), x)

def forceRev(w: f64, x: [2]f64): [2]f64 = -grad(\y -> potential(w, y))(x)

-- The squared distance from the origin at which the particle crosses the x axis: Euler
-- steps while the next position is still above the axis, then linear interpolation
-- from the last position above it. The state is (position, velocity).
def missFwd(w: f64): f64 =
  let final = while(maxFlightSteps, \s -> (s.0 + dt * s.1)[1] > 0.0,
                    \s -> (s.0 + dt * s.1, s.1 + dt * forceFwd(w, s.0)), ([0.0, 8.0], [0.75, 0.0]))
  in crossing(final.0, final.1)

def missRev(w: f64): f64 =
  let final = while(maxFlightSteps, \s -> (s.0 + dt * s.1)[1] > 0.0,
                    \s -> (s.0 + dt * s.1, s.1 + dt * forceRev(w, s.0)), ([0.0, 8.0], [0.75, 0.0]))
  in crossing(final.0, final.1)

def crossing(x: [2]f64, v: [2]f64): f64 =
  let tf = -x[1] / v[1]
  in (x[0] + tf * v[0]) ** 2.0

-- The four variants, named outer mode then inner mode (f: forward, r: reverse).
entry ff(w0: f64): f64 =
  (argmin(\w -> missFwd(w[0]), \w -> gradFwd(\u -> missFwd(u[0]), w), [w0]))[0]

entry fr(w0: f64): f64 =
  (argmin(\w -> missRev(w[0]), \w -> gradFwd(\u -> missRev(u[0]), w), [w0]))[0]

entry rf(w0: f64): f64 =
  (argmin(\w -> missFwd(w[0]), \w -> grad(\u -> missFwd(u[0]))(w), [w0]))[0]

entry rr(w0: f64): f64 =
  (argmin(\w -> missRev(w[0]), \w -> grad(\u -> missRev(u[0]))(w), [w0]))[0]

-- The descent stops on its own; the bound only keeps the loop total.
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

