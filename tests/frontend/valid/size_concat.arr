-- Size variables with `+` dimensions: concatenation, and dimension equality
-- by normalised polynomials ([m+n] = [n+m], [n+n] = [2*n], ...).
def cat(a: [m]f64, b: [n]f64): [m+n]f64 =
  build([m+n], \i -> if i < m then a[i] else b[i - m])
-- CHECK: def cat(a: [m]f64, b: [n]f64): [m+n]f64 =
-- CHECK-NEXT: build({{.*}}(i < m){{.*}}b[(i - m)]

def catSwapped(a: [m]f64, b: [n]f64): [n+m]f64 = cat(a, b)
-- CHECK: def catSwapped(a: [m]f64, b: [n]f64): [{{n\+m|m\+n}}]f64 =

def dup(a: [n]f64): [2*n]f64 = cat(a, a)
-- CHECK: def dup(a: [n]f64): [2*n]f64 =

def four(a: [n]f64): [2*(n+n)]f64 = cat(dup(a), dup(a))
-- CHECK: def four(a: [n]f64): [{{.*}}]f64 =

def three(a: [m]f64, b: [n]f64): [(m+n)+(m+n)+(m+n)]f64 =
  cat(cat(a, b), cat(catSwapped(a, b), cat(b, a)))
-- CHECK: def three(a: [m]f64, b: [n]f64): [{{.*}}]f64 =

entry main(x: [p]f64, y: [q]f64): [p+q]f64 =
  let c = cat(x, y)
  let d = dup(c)
  in c + catSwapped(x, y) + three(x, y)[0] + d[p+q]
-- CHECK: entry main(x: [p]f64, y: [q]f64): [p+q]f64 =
-- CHECK: let c: [p+q]f64 =
-- CHECK: let d: [{{2\*p\+2\*q|2\*\(p\+q\)}}]f64 =
