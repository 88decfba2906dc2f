-- Twenty explicit time steps of a nonlinear heat equation: a chain of stencil
-- builds, each reading u[i-1], u[i], u[i+1] of the previous step (zero outside:
-- the boundary is totality's zero). The transposed program chains twenty
-- scatters of the cotangent; every run must also stay under 10 s.
def steps(a: [n]f64): f64 =
  let u0 = a
  let u1 = build([n], \i -> u0[i] + 0.1 * (u0[i - 1] - 2.0 * u0[i] + u0[i + 1]) + 0.01 * u0[i] * u0[i])
  let u2 = build([n], \i -> u1[i] + 0.1 * (u1[i - 1] - 2.0 * u1[i] + u1[i + 1]) + 0.01 * u1[i] * u1[i])
  let u3 = build([n], \i -> u2[i] + 0.1 * (u2[i - 1] - 2.0 * u2[i] + u2[i + 1]) + 0.01 * u2[i] * u2[i])
  let u4 = build([n], \i -> u3[i] + 0.1 * (u3[i - 1] - 2.0 * u3[i] + u3[i + 1]) + 0.01 * u3[i] * u3[i])
  let u5 = build([n], \i -> u4[i] + 0.1 * (u4[i - 1] - 2.0 * u4[i] + u4[i + 1]) + 0.01 * u4[i] * u4[i])
  let u6 = build([n], \i -> u5[i] + 0.1 * (u5[i - 1] - 2.0 * u5[i] + u5[i + 1]) + 0.01 * u5[i] * u5[i])
  let u7 = build([n], \i -> u6[i] + 0.1 * (u6[i - 1] - 2.0 * u6[i] + u6[i + 1]) + 0.01 * u6[i] * u6[i])
  let u8 = build([n], \i -> u7[i] + 0.1 * (u7[i - 1] - 2.0 * u7[i] + u7[i + 1]) + 0.01 * u7[i] * u7[i])
  let u9 = build([n], \i -> u8[i] + 0.1 * (u8[i - 1] - 2.0 * u8[i] + u8[i + 1]) + 0.01 * u8[i] * u8[i])
  let u10 = build([n], \i -> u9[i] + 0.1 * (u9[i - 1] - 2.0 * u9[i] + u9[i + 1]) + 0.01 * u9[i] * u9[i])
  let u11 = build([n], \i -> u10[i] + 0.1 * (u10[i - 1] - 2.0 * u10[i] + u10[i + 1]) + 0.01 * u10[i] * u10[i])
  let u12 = build([n], \i -> u11[i] + 0.1 * (u11[i - 1] - 2.0 * u11[i] + u11[i + 1]) + 0.01 * u11[i] * u11[i])
  let u13 = build([n], \i -> u12[i] + 0.1 * (u12[i - 1] - 2.0 * u12[i] + u12[i + 1]) + 0.01 * u12[i] * u12[i])
  let u14 = build([n], \i -> u13[i] + 0.1 * (u13[i - 1] - 2.0 * u13[i] + u13[i + 1]) + 0.01 * u13[i] * u13[i])
  let u15 = build([n], \i -> u14[i] + 0.1 * (u14[i - 1] - 2.0 * u14[i] + u14[i + 1]) + 0.01 * u14[i] * u14[i])
  let u16 = build([n], \i -> u15[i] + 0.1 * (u15[i - 1] - 2.0 * u15[i] + u15[i + 1]) + 0.01 * u15[i] * u15[i])
  let u17 = build([n], \i -> u16[i] + 0.1 * (u16[i - 1] - 2.0 * u16[i] + u16[i + 1]) + 0.01 * u16[i] * u16[i])
  let u18 = build([n], \i -> u17[i] + 0.1 * (u17[i - 1] - 2.0 * u17[i] + u17[i + 1]) + 0.01 * u17[i] * u17[i])
  let u19 = build([n], \i -> u18[i] + 0.1 * (u18[i - 1] - 2.0 * u18[i] + u18[i + 1]) + 0.01 * u18[i] * u18[i])
  let u20 = build([n], \i -> u19[i] + 0.1 * (u19[i - 1] - 2.0 * u19[i] + u19[i + 1]) + 0.01 * u19[i] * u19[i])
  in sum(u20 * u20)
entry loss(a: [n]f64): f64 = steps(a)
entry dloss(a: [n]f64) = grad(steps)(a)
entry vjpSteps(a: [n]f64, w: f64) = vjp(steps)(a, w)
entry jvpSteps(a: [n]f64, t: [n]f64) = jvp(steps)(a, t)

-- TIME-LIMIT: 60
-- CHECK-GRAD: loss dloss [5]
-- CHECK-VJP-JVP: loss vjpSteps jvpSteps [5]
