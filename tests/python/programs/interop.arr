-- Entries for arr.torch and arr.jax (tests/python/test_torch_function.py and
-- test_jax_function.py): scalar losses with their gradients, a vector-valued
-- function and a function with two results with their vjps, integer and
-- boolean parameters that get no gradient, and f32.

-- A small regression model: the mean squared error of tanh(xs w1^T) w2^T against ys.
def model_loss(w1: [h,d]f64, w2: [c,h]f64, xs: [b,d]f64, ys: [b,c]f64): f64 =
  sum(build([b], \i -> sum((matvec(w2, map(tanh, matvec(w1, xs[i]))) - ys[i]) ** 2.0))) / f64(b)

entry loss(w1: [h,d]f64, w2: [c,h]f64, xs: [b,d]f64, ys: [b,c]f64): f64 = model_loss(w1, w2, xs, ys)

entry loss_grad(w1: [h,d]f64, w2: [c,h]f64, xs: [b,d]f64, ys: [b,c]f64) =
  grad(model_loss)(w1, w2, xs, ys)

-- Integer and boolean parameters between the float ones: the gradient is the float ones'.
def weighted(x: [n]f64, k: i64, keep: [n]bool, s: f64): f64 =
  sum(build([n], \i -> if keep[i] then x[i] * x[i] * f64(k) * s else sin(x[i]) * s))

entry masked(x: [n]f64, k: i64, keep: [n]bool, s: f64): f64 = weighted(x, k, keep, s)

entry masked_grad(x: [n]f64, k: i64, keep: [n]bool, s: f64) = grad(weighted)(x, k, keep, s)

-- A vector result: y = tanh(w x) + x[0] * v.
def layer(w: [m,n]f64, x: [n]f64, v: [m]f64): [m]f64 = map(tanh, matvec(w, x)) + v * x[0]

entry dense(w: [m,n]f64, x: [n]f64, v: [m]f64): [m]f64 = layer(w, x, v)

entry dense_vjp(w: [m,n]f64, x: [n]f64, v: [m]f64, ct: [m]f64) = vjp(layer)(w, x, v, ct)

-- Two results, the cotangents taken as one tuple.
def pair(x: [n]f64, a: f64): ([n]f64, f64) = (exp(x * a), sum(x * x) * a)

entry both(x: [n]f64, a: f64): ([n]f64, f64) = pair(x, a)

entry both_vjp(x: [n]f64, a: f64, ct: ([n]f64, f64)) = vjp(pair)(x, a, ct)

-- f32 throughout.
def norm32(x: [n]f32, s: f32): f32 = sum(x * x) * s

entry sq32(x: [n]f32, s: f32): f32 = norm32(x, s)

entry sq32_grad(x: [n]f32, s: f32) = grad(norm32)(x, s)

-- Derivative entries that do not fit: the wrappers refuse them.
entry not_a_gradient(x: [n]f64, s: f64): f64 = sum(x) * s
