-- The Arr prelude: imported implicitly by every program. A user definition of
-- the same name shadows these in the user's own file.
--
-- Sizes: `take` and `drop` take a static count k (a constant, a size variable or
-- +, - and * of them): an i64 parameter whose name is a size variable is a size
-- parameter, bound at each call from the argument's size expression.

-- Sum along the outermost dimension.
def sum<T>(x: [n]T): T = sumOuter(x)

-- Product of the elements, multiplied in order (1 for an empty array).
def product<T>(x: [n]T): T = prodOuter(x)

-- n ones of x's element type (the literal takes the type of the other branch).
def onesLike<T>(x: [n]T): [n]T = build([n], \i -> if true then 1 else x[i])

-- Arithmetic mean of the elements.
def mean<T>(x: [n]T): T = sumOuter(x) / sumOuter(onesLike(x))

-- Applies f to every element.
def map<T, U>(f: T -> U, x: [n]T): [n]U = build([n], \i -> f(x[i]))

-- Applies f to corresponding elements of two arrays.
def map2<A, B, C>(f: (A, B) -> C, x: [n]A, y: [n]B): [n]C = build([n], \i -> f(x[i], y[i]))

-- The same as map2.
def zipWith<A, B, C>(f: (A, B) -> C, x: [n]A, y: [n]B): [n]C = build([n], \i -> f(x[i], y[i]))

-- Inner product of two vectors.
def dot<T>(a: [n]T, b: [n]T): T = sumOuter(a * b)

-- Matrix-vector product.
def matvec<T>(w: [h, d]T, x: [d]T): [h]T = build([h], \i -> sumOuter(w[i] * x))

-- Matrix product.
def matmul<T>(a: [n, k]T, b: [k, m]T): [n, m]T =
  build([n, m], \i j -> sumOuter(build([k], \l -> a[i, l] * b[l, j])))

-- Outer product of two vectors.
def outer<T>(a: [n]T, b: [m]T): [n, m]T = build([n, m], \i j -> a[i] * b[j])

-- Matrix transpose.
def transpose<T>(a: [n, m]T): [m, n]T = tr([1, 0], a)

-- Largest element (-inf for an empty array).
def maximum<T>(x: [n]T): T = maxOuter(x)

-- Smallest element (inf for an empty array, the largest i64 for an empty i64
-- array). An order-reversing bijection turns it into a maximum: -x for floats,
-- -x - 1 for integers (-x alone wraps around at the smallest i64). The literal
-- 1 - 1 / 2 * 2 is 0 in a float type and 1 in i64.
def minimum<T>(x: [n]T): T = -maxOuter(-x - (1 - 1 / 2 * 2)) - (1 - 1 / 2 * 2)

-- Index of the first largest element.
def argmax<T>(x: [n]T): i64 = argmaxOuter(x)

-- log(sum(exp(x))) without overflow: shifted by the maximum when it is finite.
def logSumExp<T>(x: [n]T): T =
  let m = noGrad(maxOuter(x))
  let shift = if m - m == 0 then m else 0
  in shift + log(sumOuter(exp(x - shift)))

-- exp(x) / sum(exp(x)), shifted by the maximum for stability.
def softmax<T>(x: [n]T): [n]T =
  let e = exp(x - noGrad(maxOuter(x)))
  in e / sumOuter(e)

-- The logistic function, elementwise.
def sigmoid<T>(x: T): T = 1 / (1 + exp(-x))

-- max(x, 0), elementwise.
def relu<T>(x: T): T = max(x, 0)

-- x * x, elementwise.
def square<T>(x: T): T = x * x

-- Euclidean norm of a vector.
def norm<T>(x: [n]T): T = sqrt(sumOuter(x * x))

-- The elements of a followed by those of b.
def concat<T>(a: [n]T, b: [m]T): [n + m]T =
  build([n + m], \i -> if i < n then a[i] else b[i - n])

-- The elements in reverse order.
def reverse<T>(x: [n]T): [n]T = build([n], \i -> x[n - 1 - i])

-- The first k elements.
def take<T>(k: i64, x: [k + m]T): [k]T = build([k], \i -> x[i])

-- All but the first k elements.
def drop<T>(k: i64, x: [k + m]T): [m]T = build([m], \i -> x[i + k])

-- The Jacobian of f at x, [m, n] (row i is the derivative of result i), from m
-- reverse passes: row i is vjp(f) of the one-hot cotangent e_i. The rows are
-- one parallel loop.
def jacrev<T>(f: [n]T -> [m]T, x: [n]T): [m, n]T =
  build([m], \i -> vjp(f)(x, build([m], \j -> if i == j then 1 else 0)))

-- The same Jacobian from n forward passes: column j is the tangent of jvp(f) at
-- the one-hot tangent e_j, and the columns are transposed into [m, n].
def jacfwd<T>(f: [n]T -> [m]T, x: [n]T): [m, n]T =
  tr([1, 0], build([n], \j -> (jvp(f)(x, build([n], \k -> if j == k then 1 else 0))).1))

-- f applied k times to init, the step's index first: iterate(3, f, s) is
-- f(2, f(1, f(0, s))). k is a size, like take's count.
def iterate<A>(k: i64, f: (i64, A) -> A, init: A): A = fold(\s i -> f(i, s), init, iota(k))

-- The Hessian of a scalar function f: [n]T -> T at x, [n, n]: forward over reverse,
-- row j the derivative of the gradient along e_j (H e_j, a column, is also row j
-- since the Hessian is symmetric), one parallel loop. Building rows rather than
-- transposing jacfwd's columns keeps each row's work, O(cost of the gradient),
-- shared by its elements: with the transpose the loop nests computed that work per
-- element (an O(n^2)-cost f at n = 100 took 96 ms instead of 1.4).
def hessian<T>(f: [n]T -> T, x: [n]T): [n, n]T =
  build([n], \j -> hvp(f, x, build([n], \k -> if j == k then 1 else 0)))

-- The Hessian of f at x applied to v, without forming the Hessian: the directional
-- derivative of the gradient along v (forward over reverse), a few times the cost of
-- the gradient.
def hvp<T>(f: [n]T -> T, x: [n]T, v: [n]T): [n]T = (jvp(\y -> grad(f)(y))(x, v)).1
