-- GradBench's `det` eval (evals/det/README.md, cmpad's det_by_minor): the determinant
-- of an l x l matrix A by expansion by minors, and its gradient with respect to A.
--
-- Expansion by minors along the first row, recursively, is the sum over the l!
-- permutations s of sign(s) A[0,s(0)] A[1,s(1)] .. A[l-1,s(l-1)]. Arr has no recursion
-- (LANGUAGE.md section 4), so the recursion is flattened, as the README suggests: the
-- paths of the recursion down to its 3 x 3 minors are numbered 0 .. l!/6 - 1, a build
-- computes each path's signed product of the l - 3 entries it picks times its 3 x 3
-- minor (expanded by minors too, as the recursion would), and a sum adds them. A path's
-- number gives the column it picks at each row as the digits of a mixed-radix number
-- (row k picks among the l - k columns left), decoded by a fold over the rows. The number of paths, l!/6, is
-- not a polynomial in l, so it comes in through the shape of the argument `paths`, a
-- [nc, cs, 0] array with nc * cs = l!/6 (no elements; only its shape is read): the
-- paths go in nc chunks of cs, a sequential loop over the chunks around the build of
-- each chunk's terms, so that reverse mode keeps one chunk's intermediate values at a
-- time (the loop's reverse sweep recomputes them chunk by chunk) instead of all l!/6
-- paths' (gigabytes at l = 11). Needs l >= 3. (Paths down to the 2 x 2 minors, l!/2 of
-- them, take three times as long: each path's decoding costs more than its minor.)

-- The signed product along path p and its 3 x 3 minor. `cols` holds the columns in an
-- order whose first k are the ones rows 0 .. k-1 picked; row k picks column cols[k + d]
-- (d its digit) and swaps it to position k, each swap (d > 0) flipping the sign.
def pathTerm(a: [l,l]f64, p: i64): f64 =
  let (cols, _, prod) = fold(\s k ->
      let (cols, rem, prod) = s
      let radix = l - k
      let d = rem % radix
      let j = k + d
      let c = cols[j]
      let cols' = build([l], \i -> if i == j then cols[k] else if i == k then c else cols[i])
      in (cols', rem / radix, (if d == 0 then prod else -prod) * a[k, c]),
    (iota(l), p, 1.0), iota(l - 3))
  let u = cols[l - 3]
  let v = cols[l - 2]
  let w = cols[l - 1]
  let r = l - 3
  in prod * (a[r, u] * (a[r + 1, v] * a[r + 2, w] - a[r + 1, w] * a[r + 2, v])
             - a[r, v] * (a[r + 1, u] * a[r + 2, w] - a[r + 1, w] * a[r + 2, u])
             + a[r, w] * (a[r + 1, u] * a[r + 2, v] - a[r + 1, v] * a[r + 2, u]))

def det(a: [l,l]f64, nc: i64, cs: i64): f64 =
  fold(\total c -> total + sumOuter(build([cs], \q -> pathTerm(a, c * cs + q))), 0.0, iota(nc))

entry primal(a: [l,l]f64, paths: [nc,cs,0]bool): f64 = det(a, nc, cs)

entry gradient(a: [l,l]f64, paths: [nc,cs,0]bool): [l,l]f64 = grad(\b -> det(b, nc, cs))(a)
