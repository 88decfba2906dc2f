-- sumOuter, maxOuter : [k, sh]t -> [sh]t; argmaxOuter : [k, sh]t -> [sh]i64.
entry main(v: [n]f64, m: [n,k]f64, c: [n,k,p]f32, iv: [n]i64):
    (f64, [k]f64, [k,p]f32, f64, [k]f64, i64, [k]i64, [k,p]i64, i64, i64) =
  let s0 = sumOuter(v)
  let s1 = sumOuter(m)
  let s2 = sumOuter(c)
  let m0 = maxOuter(v)
  let m1 = maxOuter(m)
  let a0 = argmaxOuter(v)
  let a1 = argmaxOuter(m)
  let a2 = argmaxOuter(c)
  let si = sumOuter(iv)
  let mi = maxOuter(iv) + argmaxOuter(iv)
  in (s0, s1, s2, m0, m1, a0, a1, a2, si, mi)
-- CHECK: let s0: f64 = sumOuter(v)
-- CHECK: let s1: [k]f64 =
-- CHECK: let s2: [k,p]f32 =
-- CHECK: let m0: f64 =
-- CHECK: let m1: [k]f64 =
-- CHECK: let a0: i64 =
-- CHECK: let a1: [k]i64 =
-- CHECK: let a2: [k,p]i64 =
-- CHECK: let si: i64 =
-- CHECK: let mi: i64 =
