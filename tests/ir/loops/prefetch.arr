-- ARGS: --dump-after=prefetch --verify-ir
-- Software prefetching (loops/Prefetch.cpp): a serial loop that reads one row per
-- iteration, rows a plane apart (t[i, j] for i in order, j fixed: k * d elements
-- apart), first asks for the cache lines of the rows four iterations ahead, eight
-- f64 per 64-byte line. Here the i loop is unrolled by four (loops/Jam.cpp): each
-- iteration reads four rows, i + u, and prefetches the four of four iterations
-- later, i + 16 + u.
entry planeSums(t: [n, k, d]f64): [k, d]f64 =
  build([k, d], \j c -> sum(build([n], \i -> t[i, j, c] * t[i, j, c])))
-- CHECK-LABEL: loops planeSums(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[D:d_[0-9]+]]: size, [[T:t_[0-9]+]]: *f64[{{[^]]*}}])
-- CHECK: {{^  }}parallel for [[J:i_[0-9]+]] < [[K]] {{.*}}:{{$}}
-- CHECK: {{^    }}for [[Q:r_[0-9]+]] in [0, {{r_[0-9]+}}) step 4:{{$}}
-- CHECK-NEXT: {{^      }}for [[L:line_[0-9]+]] < (max([[D]], 0) + 7) /u 8:{{$}}
-- CHECK-NEXT: {{^        }}prefetch [[T]][[[Q]] + 16, [[J]], [[L]] * 8]{{$}}
-- CHECK-NEXT: {{^      }}for [[L:line_[0-9]+]] < (max([[D]], 0) + 7) /u 8:{{$}}
-- CHECK-NEXT: {{^        }}prefetch [[T]][[[Q]] + 17, [[J]], [[L]] * 8]{{$}}
-- CHECK: {{^        }}{{row_[0-9]+}}[{{i_[0-9]+}}] += [[T]][[[Q]], [[J]], {{i_[0-9]+}}] * [[T]][[[Q]], [[J]], {{i_[0-9]+}}]{{$}}
-- The last n % 4 rows, one per iteration.
-- CHECK: {{^    }}for [[R:r_[0-9]+]] in {{.*}} at most 3:{{$}}
-- CHECK-NEXT: {{^      }}for [[L:line_[0-9]+]] < (max([[D]], 0) + 7) /u 8:{{$}}
-- CHECK-NEXT: {{^        }}prefetch [[T]][[[R]] + 4, [[J]], [[L]] * 8]{{$}}

-- f32 rows: sixteen elements per line.
entry planeSums32(t: [n, k, d]f32): [k, d]f32 =
  build([k, d], \j c -> sum(build([n], \i -> t[i, j, c])))
-- CHECK-LABEL: loops planeSums32(
-- CHECK: {{^      }}for [[L:line_[0-9]+]] < (max({{d_[0-9]+}}, 0) + 15) /u 16:{{$}}

-- Rows one after the other (a matrix walked by rows, b[l, j] in a product) are
-- left to the hardware prefetcher.
entry matmul(a: [n, m]f64, b: [m, p]f64): [n, p]f64 =
  build([n, p], \i j -> sum(build([m], \l -> a[i, l] * b[l, j])))
-- CHECK-LABEL: loops matmul(
-- CHECK-NOT: prefetch
