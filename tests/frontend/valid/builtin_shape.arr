-- replicate, tr (2-D and 3-D permutations, partial permutations), reshape.
entry main(v: [n]f64, m: [n,k]f64, c: [p,q,r]f64):
    ([3,n]f64, [k,n,k]f64, [k,n]f64, [r,p,q]f64, [q,p,r]f64, [q,r,p]f64, [p,r,q]f64, [n*k]f64, [k,n]f64, [2,3]f64) =
  let rep = replicate(3, v)
  let repSize = replicate(k, m)
  let t2 = tr([1, 0], m)
  let t3 = tr([2, 0, 1], c)
  let tOuter = tr([1, 0], c)
  let t3b = tr([1, 2, 0], c)
  let t3c = tr([0, 2, 1], c)
  let flat = reshape([n*k], m)
  let back = reshape([k, n], m)
  let lit = reshape([2, 3], [1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
  let same = tr([0, 1], m) + t2[0, 0]
  in (rep, repSize, t2, t3, tOuter, t3b, t3c, flat, back, lit + same[0, 0])
-- CHECK: let rep: [3,n]f64 =
-- CHECK: let repSize: [k,n,k]f64 =
-- CHECK: let t2: [k,n]f64 =
-- CHECK: let t3: [r,p,q]f64 =
-- CHECK: let tOuter: [q,p,r]f64 =
-- CHECK: let t3b: [q,r,p]f64 =
-- CHECK: let t3c: [p,r,q]f64 =
-- CHECK: let flat: [{{n\*k|k\*n}}]f64 =
-- CHECK: let back: [k,n]f64 =
-- CHECK: let lit: [2,3]f64 =
-- CHECK: let same: [n,k]f64 =
