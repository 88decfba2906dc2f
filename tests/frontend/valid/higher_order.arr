-- Function-typed parameters (`A -> B`, `(A, B) -> C`) given named functions and
-- lambdas, lambdas capturing variables, and function parameters passed on.
def apply(f: f64 -> f64, x: f64): f64 = f(x)
-- CHECK: def apply({{.*}}x: f64): f64 =

def combine(f: (f64, f64) -> f64, a: [n]f64, b: [n]f64): [n]f64 =
  build([n], \i -> f(a[i], b[i]))
-- CHECK: def combine({{.*}}a: [n]f64, b: [n]f64): [n]f64 =

def twice(f: f64 -> f64, x: f64): f64 = apply(f, apply(f, x))

def onRows(f: [m]f64 -> f64, a: [n,m]f64): [n]f64 = build([n], \i -> f(a[i]))

def square'(x: f64): f64 = x * x
def add(x: f64, y: f64): f64 = x + y

entry main(a: [n]f64, b: [n]f64, m: [k,n]f64, s: f64): ([n]f64, f64, [k]f64) =
  let c = combine(add, a, b)
  let d = combine(\x y -> x * y + s, a, c)
  let e = twice(square', s) + apply(\x -> x + s, 1.0)
  let r = onRows(\row -> sumOuter(row * a), m)
  in (d, e, r)
-- CHECK: entry main(a: [n]f64, b: [n]f64, m: [k,n]f64, s: f64): ([n]f64, f64, [k]f64) =
-- CHECK: let c: [n]f64 =
-- CHECK: let d: [n]f64 =
-- CHECK-SAME: \(x: f64, y: f64) ->
-- CHECK: let e: f64 =
-- CHECK: let r: [k]f64 =
-- CHECK-SAME: \(row: [n]f64) ->
