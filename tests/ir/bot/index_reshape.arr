-- Fig. 10, index of reshape: the reshape becomes a gather through the row-major
-- linear index, index (reshape sh t) ix ~> index (gather sh t (\is. fromLinearIdx (shape t) (toLinearIdx sh is))) ix,
-- and index of that gather substitutes ix (guarded: the gather drops it).
--   reshape [k*n] m, m : [k,n]:  element l is m[l / n, l % n].
entry flat(m: [k,n]f64, i: i64) = reshape([k * n], m)[i]
-- CHECK-LABEL: entry flat (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}cond ((0 <= [[I]]) && ([[I]] < (size k*n))) (index [[M]] [[[I]] / (size n), [[I]] % (size n)]) 0.0{{$}}

--   reshape [k, n*p] x, x : [k,n,p]:  linear index l = i * (n*p) + j,
--   element x[l / (n*p), (l / p) % n, l % p].
entry regroup(x: [k,n,p]f64, i: i64, j: i64) = reshape([k, n * p], x)[i, j]
-- CHECK-LABEL: entry regroup (
-- CHECK-SAME: [[X:x_[0-9]+]] : [k,n,p]f64, [[I:i_[0-9]+]] : i64, [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}cond ((0 <= [[I]]) && ([[I]] < (size k))) (cond ((0 <= [[J]]) && ([[J]] < (size n*p))) (index [[X]] [(([[I]] * (size n*p)) + [[J]]) / (size n*p), ((([[I]] * (size n*p)) + [[J]]) / (size p)) % (size n), (([[I]] * (size n*p)) + [[J]]) % (size p)]) 0.0) 0.0{{$}}

-- In a build over k*n the index is in range; Fig. 11 gives one gather.
entry flatbuild(m: [k,n]f64) = build([k * n], \i -> reshape([k * n], m)[i])
-- CHECK-LABEL: entry flatbuild (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,n]f64) =
-- CHECK-NEXT: {{^  }}gather [k*n] [[M]] (\[[[I:i_[0-9]+]]] -> [[[I]] / (size n), [[I]] % (size n)]){{$}}
