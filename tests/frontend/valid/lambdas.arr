-- Lambdas: one name per index or parameter; parameter types are inferred from
-- the use (build indices are i64) and printed in the dump.
def applyTwo(f: (f64, i64) -> f64, x: f64): f64 = f(x, 2)

entry main(m: [n,k]f64, c: [n,k,p]f64, x: f64): ([n,k]f64, [n,k,p]f64, f64, [k]f64) =
  let a = build([n, k], \i j -> m[i, j] * f64(i + j))
  let b = build([n, k, p], \i j l -> c[i, j, l] + f64(l))
  let d = applyTwo(\y q -> y * f64(q) + x, 1.0)
  let e = build([k], \j -> sumOuter(build([n], \i -> m[i, j])))
  in (a, b, d, e)
-- CHECK: let a: [n,k]f64 = build({{.*}}\(i: i64, j: i64) ->
-- CHECK: let b: [n,k,p]f64 = build({{.*}}\(i: i64, j: i64, l: i64) ->
-- CHECK: let d: f64 = applyTwo(\(y: f64, q: i64) ->
-- CHECK: let e: [k]f64 = build({{.*}}\(j: i64) -> sumOuter(build({{.*}}\(i: i64) ->
