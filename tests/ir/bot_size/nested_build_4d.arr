-- Size stress for the BOT: a 4-D build (four nested build1s), with reads that
-- use the indices in different orders, a reduction inside the innermost level
-- and a dependent let. Each level pushes the build through every node below it.
entry four(x: [p,q]f64, y: [q,r]f64, z: [r,s]f64, w: [s,p]f64, v: [q]f64) =
  build([p, q, r, s], \i j k l ->
    let t = x[i, j] * y[j, k] + z[k, l] * w[l, i]
    in t * sumOuter(v * x[i]) + exp(t - v[j]))

-- Four nested matrix products, each a 2-D build with a reduction.
entry chain(a: [n,n]f64, b: [n,n]f64) =
  matmul(matmul(a, b), matmul(b, matmul(a, a)))
