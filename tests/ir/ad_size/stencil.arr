-- Three smoothing steps with shifted (guarded) reads, a gather with computed
-- indices and a scatter: vjp and jvp of the result.
def n = 10
def step(u: [n]f64): [n]f64 = build([n], \i -> u[i] + 0.25 * (u[i - 1] - 2.0 * u[i] + u[i + 1]))
def f(u: [n]f64): [n]f64 =
  let v = step(step(step(u)))
  in scatter([n], v * v, \i -> [(i * 7) % n]) + gather([n], v, \i -> [n - 1 - i])
entry back(u: [n]f64, w: [n]f64) = vjp(f)(u, w)
entry forward(u: [n]f64, t: [n]f64) = jvp(f)(u, t)
