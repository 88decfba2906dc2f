-- Dot product and its gradient.
def dot(a: [n]f64, b: [n]f64): f64 =
  sum(build([n], \i -> a[i] * b[i]))

entry main(a: [n]f64, b: [n]f64): f64 = dot(a, b)

-- Gradient of dot with respect to both arguments: returns ([n]f64, [n]f64).
entry dmain(a: [n]f64, b: [n]f64) = grad(dot)(a, b)
