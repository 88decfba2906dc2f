-- Constants overridden with arrc -D (the DEFINE setting): a size constant used in
-- types and a float constant in the loss. In compiled mode each distinct DEFINE set
-- is a separate executable.
def k = 3
def scale = 0.5
def weighted(a: [k]f64, b: [k, 2]f64): f64 =
  sum(build([k], \i -> a[i] * (b[i, 0] - scale * b[i, 1]) * f64(i + 1))) + scale * sum(a * a)
entry loss(a: [k]f64, b: [k, 2]f64): f64 = weighted(a, b)
entry dloss(a: [k]f64, b: [k, 2]f64) = grad(weighted)(a, b)
entry vjpLoss(a: [k]f64, b: [k, 2]f64, w: f64) = vjp(weighted)(a, b, w)
entry jvpLoss(a: [k]f64, b: [k, 2]f64, ta: [k]f64, tb: [k, 2]f64) = jvp(weighted)(a, b, ta, tb)
entry constants(): (i64, f64) = (k, scale)

-- CHECK-GRAD: loss dloss [3] [3,2]
-- CHECK-OUTPUT: constants
-- EXPECT: 3
-- EXPECT: 0.5

-- DEFINE: k=5 scale=0.25
-- CHECK-GRAD: loss dloss [5] [5,2]
-- CHECK-VJP-JVP: loss vjpLoss jvpLoss [5] [5,2]
-- CHECK-OUTPUT: constants
-- EXPECT: 5
-- EXPECT: 0.25

-- DEFINE: k=2
-- CHECK-GRAD: loss dloss [2] [2,2]
-- CHECK-OUTPUT: constants
-- EXPECT: 2
-- EXPECT: 0.5

-- DEFINE: default
-- CHECK-VJP-JVP: loss vjpLoss jvpLoss [3] [3,2]
