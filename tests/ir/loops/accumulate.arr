-- ARGS: --dump-after=accumulate --verify-ir
-- The gradient of a function of pairs of rows reads x[i] and x[j] once per pair: their
-- cotangents are sums of one [n, n, d] array along j and along i. The lowering stores
-- that array and sums it twice, once down a stride; the accumulate pass gives each sum
-- an [n, d] accumulator, updated where each element is computed, and the [n, n, d]
-- buffer goes (issue #37). The producer's loop over i is summed along, so it runs in
-- order; the sums read their accumulators.
def pairwise(x: [n, d]f64): f64 =
  sum(build([n], \i -> sum(build([n], \j -> exp(-sum((x[i] - x[j]) ** 2.0))))))
entry g(x: [n, d]f64) = grad(pairwise)(x)
-- CHECK-LABEL: loops g(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[D:d_[0-9]+]]: size, [[X:x_[0-9]+]]: *f64[[[N]], [[D]]]) -> ([[OUT:out0_[0-9]+]]: *f64[[[N]], [[D]]]):
-- CHECK-NOT: alloc f64[[[N]], [[N]], [[D]]]
-- CHECK: {{^  }}[[A1:t_[0-9]+]] = alloc f64[[[N]], [[D]]]{{$}}
-- CHECK: {{^      }}[[A1]][{{i_[0-9]+}}, {{i_[0-9]+}}] = -0.0{{$}}
-- CHECK: {{^  }}[[A2:t_[0-9]+]] = alloc f64[[[N]], [[D]]]{{$}}
-- CHECK: {{^      }}[[A2]][{{i_[0-9]+}}, {{i_[0-9]+}}] = -0.0{{$}}
-- CHECK-NEXT: {{^  }}for [[I:i_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^    }}for [[J:i_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^      }}for [[K:i_[0-9]+]] < [[D]]:{{$}}
-- CHECK: {{^        }}f64 [[E:t_[0-9]+]] = {{.*}}
-- CHECK-NEXT: {{^        }}[[A1]][[[I]], [[K]]] += [[E]]{{$}}
-- CHECK-NEXT: {{^        }}[[A2]][[[J]], [[K]]] += [[E]]{{$}}
-- CHECK: {{^  }}parallel for [[R:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK: {{^      }}{{row_[0-9]+}}[[[C:i_[0-9]+]]] += [[A1]][[[R]], [[C]]]{{$}}
-- CHECK: {{^      }}{{row_[0-9]+}}[[[C2:i_[0-9]+]]] += [[A2]][[[R]], [[C2]]]{{$}}
-- CHECK-NOT: alloc f64[[[N]], [[N]], [[D]]]
-- CHECK: {{^  }}free [[A1]]{{$}}
-- CHECK: {{^  }}free [[A2]]{{$}}

-- A temporary read by anything but a sum stays (here an element-wise product).
entry kept(a: [n]f64, b: [m]f64) =
  let t = build([n, m], \i j -> a[i] * b[j]) in
  (sum(t), t)
-- CHECK-LABEL: loops kept(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[M:m_[0-9]+]]: size,
-- CHECK: {{^  }}[[T:t_[0-9]+]] = alloc f64[[[N]], [[M]]]{{$}}
-- CHECK: {{^      }}{{out1_[0-9]+}}[{{i_[0-9]+}}, {{i_[0-9]+}}] = [[T]][{{i_[0-9]+}}, {{i_[0-9]+}}]{{$}}
-- CHECK: {{^  }}free [[T]]{{$}}

-- A sum of the temporary times a factor the producer can compute (the entry's arrays at
-- the same indices): a diagonal GMM in a [k, n] layout. Its gradient's [k, n, d]
-- cotangent is summed over n twice, alone (mu) and times x - mu (the scales): two [k, d]
-- accumulators, the second updated with the element times x - mu, computed in the
-- producer from the entry's arrays (its loop over k, not summed, stays parallel).
def loglik(x: [n, d]f64, mu: [k, d]f64, logs: [k, d]f64, w: [k]f64): f64 =
  let ll = build([k, n], \c i -> w[c] - sum(logs[c]) - 0.5 * sum(build([d], \j -> ((x[i, j] - mu[c, j]) * exp(-logs[c, j])) ** 2.0))) in
  sum(build([n], \i -> logSumExp(build([k], \c -> ll[c, i]))))
entry diag(x: [n, d]f64, mu: [k, d]f64, logs: [k, d]f64, w: [k]f64) = grad(\m s v -> loglik(x, m, s, v))(mu, logs, w)
-- CHECK-LABEL: loops diag(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[D:d_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[X:x_[0-9]+]]: *f64[[[N]], [[D]]], [[MU:mu_[0-9]+]]: *f64[[[K]], [[D]]],
-- CHECK-NOT: alloc f64[[[K]], [[N]], [[D]]]
-- CHECK: {{^        }}f64 [[E:t_[0-9]+]] = {{.*}}
-- CHECK-NEXT: {{^        }}[[A1:t_[0-9]+]][[[C:i_[0-9]+]], [[J:i_[0-9]+]]] += [[E]]{{$}}
-- CHECK-NEXT: {{^        }}[[A2:t_[0-9]+]][[[C]], [[J]]] += [[E]] * ([[X]][{{i_[0-9]+}}, [[J]]] - [[MU]][[[C]], [[J]]]){{$}}
-- CHECK-NOT: alloc f64[[[K]], [[N]], [[D]]]
