-- gather([k..], a, \i.. -> [j..]) : [k.., sh]t for a: [d1..dp, sh]t, and
-- scatter([d..], a, \i.. -> [j..]) : [d.., sh]t for a: [k.., sh]t.
entry main(a: [n]f64, m: [n,d]f64, idx: [k]i64, v: [k]f64, rows: [k,d]f64):
    ([k]f64, [k,d]f64, [k,d]f64, [k]f64, [n]f64, [n,d]f64, [n,n]f64, [2*n]f64) =
  let g1 = gather([k], a, \i -> [idx[i]])
  let g2 = gather([k], m, \i -> [idx[i]])
  let g3 = gather([k, d], m, \i j -> [idx[i], d - 1 - j])
  let g4 = gather([k], m, \i -> [idx[i], 0])
  let s1 = scatter([n], v, \i -> [idx[i]])
  let s2 = scatter([n], rows, \i -> [idx[i]])
  let s3 = scatter([n, n], v, \i -> [idx[i], idx[i] % n])
  let s4 = scatter([2*n], m, \i j -> [i + j])
  let viaBuild = build([k], \i -> a[idx[i]])
  in (g1 + viaBuild, g2, g3, g4, s1, s2, s3, s4)
-- CHECK: let g1: [k]f64 = gather({{.*}}\(i: i64) -> [idx[i]])
-- CHECK: let g2: [k,d]f64 =
-- CHECK: let g3: [k,d]f64 =
-- CHECK: let g4: [k]f64 =
-- CHECK: let s1: [n]f64 =
-- CHECK: let s2: [n,d]f64 =
-- CHECK: let s3: [n,n]f64 =
-- CHECK: let s4: [2*n]f64 =
-- CHECK: let viaBuild: [k]f64 =
