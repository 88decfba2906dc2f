-- Size variables are bound at each call by unification: the same variable for
-- several parameters, constant sizes, sizes from sums, and results in terms
-- of the caller's sizes.
def add(a: [n]f64, b: [n]f64): [n]f64 = a + b
def outer(a: [n]f64, b: [m]f64): [n,m]f64 = build([n, m], \i j -> a[i] * b[j])
def headOf(a: [n]f64, b: [n+1]f64): f64 = a[0] + b[n]
def pairUp(a: [n]f64, b: [n]i64): [n](f64, i64) = (a, b)

entry main(x: [p]f64, y: [q]f64, z: [3]f64, iz: [3]i64): ([p,q]f64, [3]f64, f64, ([3]f64, [3]i64), [q,p]f64) =
  let o = outer(x, y)
  let s = add(z, [1.0, 2.0, 3.0])
  let h = headOf(x, build([p+1], \i -> 1.0)) + headOf(y, build([1+q], \i -> 2.0))
  let pr = pairUp(s, iz)
  let o2 = outer(y, x)
  in (o, s, h, pr, o2)
-- CHECK: let o: [p,q]f64 =
-- CHECK: let s: [3]f64 =
-- CHECK: let h: f64 =
-- CHECK: let pr: ([3]f64, [3]i64) =
-- CHECK: let o2: [q,p]f64 =
