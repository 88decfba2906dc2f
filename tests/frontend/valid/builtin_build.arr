-- build([k1..km], \i1..im -> e) with e: [sh]t has type [k1..km, sh]t.
entry main(a: [n]f64, m: [n,k]f64):
    ([n]f64, [n,k]f64, [n,3]f64, [4]i64, [n+1]bool, [k,n]f64, [2,n,k]f64, ([n]f64, [n]i64)) =
  let copy = build([n], \i -> a[i])
  let outer = build([n, k], \i j -> a[i] * m[i, j])
  let rows = build([n], \i -> [a[i], 0.0, 1.0])
  let ints = build([4], \i -> i * i)
  let flags = build([n+1], \i -> i < n)
  let transposed = build([k, n], \j i -> m[i, j])
  let stacked = build([2], \s -> m * f64(s))
  let pairs = build([n], \i -> (a[i], i))
  in (copy, outer, rows, ints, flags, transposed, stacked, pairs)
-- CHECK: let copy: [n]f64 = build({{.*}}\(i: i64) -> a[i])
-- CHECK: let outer: [n,k]f64 = build({{.*}}\(i: i64, j: i64) -> (a[i] * m[i,{{ ?}}j]))
-- CHECK: let rows: [n,3]f64 =
-- CHECK: let ints: [4]i64 =
-- CHECK: let flags: [n+1]bool =
-- CHECK: let transposed: [k,n]f64 =
-- CHECK: let stacked: [2,n,k]f64 =
-- CHECK: let pairs: ([n]f64, [n]i64) =
