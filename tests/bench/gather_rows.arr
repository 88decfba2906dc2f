-- Benchmark (issue #37): per observation, a function of the components of a gathered
-- row of parameters (a bundle-adjustment residual in miniature), weighted and summed,
-- and its gradient with respect to the parameters: each component read, c[0] to c[3],
-- transposes to an accumulation into the row it came from, not to a parameter-sized
-- array per component.
def residuals(cams: [nc, 4]f64, obs: [p]i64): [p]f64 =
  build([p], \i -> let c = cams[obs[i]] in c[0] * c[1] + sin(c[2]) * c[3])

def weighted(cams: [nc, 4]f64, obs: [p]i64, u: [p]f64): f64 = sum(residuals(cams, obs) * u)

entry main(cams: [nc, 4]f64, obs: [p]i64, u: [p]f64): f64 = weighted(cams, obs, u)

entry main_grad(cams: [nc, 4]f64, obs: [p]i64, u: [p]f64) =
  grad(\c -> weighted(c, obs, u))(cams)
