-- Benchmark (issue #37): 100 explicit steps of the heat equation on a rod (zero outside
-- it), then the energy, and its gradient with respect to the initial temperatures.
-- Each step is linear in the state: the gradient keeps no state, and the adjoint of
-- each step's shifted reads is a shifted read, not a zero-filled array scattered into.
def step(u: [n]f64): [n]f64 =
  build([n], \i -> u[i] + 0.1 * (u[i - 1] - 2.0 * u[i] + u[i + 1]))

def energy(u0: [n]f64): f64 =
  let u = iterate(100, \t v -> step(v), u0) in sum(u * u)

entry main(u0: [n]f64): f64 = energy(u0)

entry main_grad(u0: [n]f64) = grad(energy)(u0)
