-- The implicitly imported prelude: sum, map, map2, zipWith, dot, matvec,
-- matmul, transpose, relu, square, maximum, softmax, sigmoid, logSumExp.
entry main(v: [n]f64, w: [n]f64, a: [n,k]f64, b: [k,p]f64, x: [k]f64, iv: [n]i64):
    (f64, [n]f64, [n]f64, [n]f64, f64, [n]f64, [n,p]f64, [k,n]f64, f64, [n]f64, f64, i64) =
  let s = sum(v)
  let r = map(relu, v)
  let m2 = map2(\x y -> x * y, v, w)
  let z = zipWith(\x y -> max(x, y), v, w)
  let d = dot(v, w)
  let mv = matvec(a, x)
  let mm = matmul(a, b)
  let t = transpose(a)
  let top = maximum(v) + square(2.0) + logSumExp(w)
  let sm = softmax(v) + map(sigmoid, w)
  let l = map(\e -> e * 2.0, v)
  let isum = sum(iv)
  in (s, r, m2, z, d, mv, mm, t, top, sm, sum(l), isum)
-- CHECK: let s: f64 =
-- CHECK: let r: [n]f64 =
-- CHECK: let m2: [n]f64 =
-- CHECK: let z: [n]f64 =
-- CHECK: let d: f64 =
-- CHECK: let mv: [n]f64 =
-- CHECK: let mm: [n,p]f64 =
-- CHECK: let t: [k,n]f64 =
-- CHECK: let top: f64 =
-- CHECK: let sm: [n]f64 =
-- CHECK: let l: [n]f64 =
-- CHECK: let isum: i64 =
