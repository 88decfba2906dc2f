-- ARGS: --dump-after=loops --verify-ir
-- Software prefetching (loops/Prefetch.cpp): a serial loop that reads one row per
-- iteration, rows a plane apart (t[i, j] for i in order, j fixed: k * d elements
-- apart), first asks for the cache lines of the row four iterations ahead, eight
-- f64 per 64-byte line.
entry planeSums(t: [n, k, d]f64): [k, d]f64 =
  build([k, d], \j c -> sum(build([n], \i -> t[i, j, c] * t[i, j, c])))
-- CHECK-LABEL: loops planeSums(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[D:d_[0-9]+]]: size, [[T:t_[0-9]+]]: *f64)
-- CHECK: {{^  }}parallel for [[J:i_[0-9]+]] < [[K]] {{.*}}:{{$}}
-- CHECK: {{^    }}for [[I:r_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^      }}for [[L:line_[0-9]+]] < max([[D]] + 7, 0) /u 8:{{$}}
-- CHECK-NEXT: {{^        }}prefetch [[T]][(((([[I]] + 4) * [[K]]) + [[J]]) * [[D]]) + ([[L]] * 8)]{{$}}
-- CHECK-NEXT: {{^      }}for {{i_[0-9]+}} < [[D]]:{{$}}

-- f32 rows: sixteen elements per line.
entry planeSums32(t: [n, k, d]f32): [k, d]f32 =
  build([k, d], \j c -> sum(build([n], \i -> t[i, j, c])))
-- CHECK-LABEL: loops planeSums32(
-- CHECK: {{^      }}for [[L:line_[0-9]+]] < max({{d_[0-9]+}} + 15, 0) /u 16:{{$}}

-- Rows one after the other (a matrix walked by rows, b[l, j] in a product) are
-- left to the hardware prefetcher.
entry matmul(a: [n, m]f64, b: [m, p]f64): [n, p]f64 =
  build([n, p], \i j -> sum(build([m], \l -> a[i, l] * b[l, j])))
-- CHECK-LABEL: loops matmul(
-- CHECK-NOT: prefetch
