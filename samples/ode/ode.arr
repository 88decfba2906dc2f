-- Lotka-Volterra predator-prey dynamics integrated with the classical Runge-Kutta
-- method (RK4) over `steps` fixed steps, and the sensitivity of the final state to
-- the parameters and to the initial state. See README.md.
--
--   prey'     = alpha prey - beta prey predator
--   predator' = delta prey predator - gamma predator
--
-- Inputs: params [4] = (alpha, beta, delta, gamma), init [2] = (prey, predator) at
-- time 0, dt the step. The steps are a loop (the prelude's iterate), not unrolled:
-- the program and its compile time are the same for 10 steps and for 10^6
-- (arrc -D steps=N).

def steps = 1000

def field(p: [4]f64, u: [2]f64): [2]f64 =
  [p[0] * u[0] - p[1] * u[0] * u[1], p[2] * u[0] * u[1] - p[3] * u[1]]

def rk4Step(p: [4]f64, dt: f64, u: [2]f64): [2]f64 =
  let k1 = field(p, u)
  let k2 = field(p, u + 0.5 * dt * k1)
  let k3 = field(p, u + 0.5 * dt * k2)
  let k4 = field(p, u + dt * k3)
  in u + dt / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4)

def integrate(p: [4]f64, init: [2]f64, dt: f64): [2]f64 =
  iterate(steps, \_ u -> rk4Step(p, dt, u), init)

-- The state at time steps * dt.
entry final(params: [4]f64, init: [2]f64, dt: f64): [2]f64 = integrate(params, init, dt)

-- The whole trajectory, [steps, 2]: the state after each step.
entry trajectory(params: [4]f64, init: [2]f64, dt: f64): [steps, 2]f64 =
  scan(\u _ -> rk4Step(params, dt, u), init, iota(steps))

-- The Jacobians of the final state with respect to the parameters [2, 4] and to the
-- initial state [2, 2], by reverse mode (one vjp through the loop per state component).
entry sensitivities(params: [4]f64, init: [2]f64, dt: f64): ([2, 4]f64, [2, 2]f64) =
  (jacrev(\p -> integrate(p, init, dt), params), jacrev(\u -> integrate(params, u, dt), init))

-- The same Jacobians by forward mode (one jvp per parameter or initial value).
entry sensitivities_fwd(params: [4]f64, init: [2]f64, dt: f64): ([2, 4]f64, [2, 2]f64) =
  (jacfwd(\p -> integrate(p, init, dt), params), jacfwd(\u -> integrate(params, u, dt), init))

-- The gradient of the final prey population with respect to params and init.
entry prey_grad(params: [4]f64, init: [2]f64, dt: f64) =
  grad(\p u -> integrate(p, u, dt)[0])(params, init)
