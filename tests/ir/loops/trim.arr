-- ARGS: --dump-after=trim --verify-ir
-- Trimming of masked sums (loops/Trim.cpp): a sum whose terms are masked by a
-- comparison of its index runs only over the indices a mask keeps. Here the
-- strict upper triangle of each row: c runs from r + 1. Skipping the masked terms
-- skips their +0.0s; one `+ 0.0` stands for all of them (it turns -0.0 into 0.0).
-- The mask holds wherever the trimmed loop runs, so its select is gone.
entry upper(a: [b, n]f64): [b]f64 =
  build([b], \r -> sum(build([n], \c -> if r < c then a[r, c] else 0.0)))
-- CHECK-LABEL: loops upper(
-- CHECK: {{^  }}parallel for [[R:i_[0-9]+]] < {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}f64 [[SUM:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^    }}i64 [[FROM:from_[0-9]+]] = min(max([[R]] + 1, 0), [[N:n_[0-9]+]]){{$}}
-- CHECK-NEXT: {{^    }}if 0 < [[FROM]]:{{$}}
-- CHECK-NEXT: {{^      }}[[SUM]] += 0.0{{$}}
-- CHECK-NEXT: {{^    }}for [[C:r_[0-9]+]] in [[[FROM]], [[N]]):{{$}}
-- CHECK-NEXT: {{^      }}[[SUM]] += {{a_[0-9]+}}[[[R]], [[C]]]{{$}}

-- A band, lo <= c < hi: both ends trimmed, and the terms after the band get their
-- own + 0.0.
entry band(x: [b, n]f64, lo: i64, hi: i64): [b]f64 =
  build([b], \k -> sum(build([n], \c -> if lo <= c && c < hi then x[k, c] else 0.0)))
-- CHECK-LABEL: loops band(
-- CHECK: {{^    }}i64 [[FROM:from_[0-9]+]] = min(max([[LO:lo_[0-9]+]], 0), [[N:n_[0-9]+]]){{$}}
-- CHECK-NEXT: {{^    }}if 0 < [[FROM]]:{{$}}
-- CHECK-NEXT: {{^      }}[[SUM:sum_[0-9]+]] += 0.0{{$}}
-- CHECK-NEXT: {{^    }}i64 [[TO:to_[0-9]+]] = max(min([[HI:hi_[0-9]+]], [[N]]), [[FROM]]){{$}}
-- CHECK-NEXT: {{^    }}for [[C:r_[0-9]+]] in [[[FROM]], [[TO]]):{{$}}
-- CHECK: {{^    }}if [[TO]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^      }}[[SUM]] += 0.0{{$}}

-- The rows of a triangle: each row's sum starts at its own r + 1 (trimming runs
-- before unroll-and-jam, which then runs four such rows at a time, each from its
-- own start: tests/ir/loops/triangular.arr).
entry triangles(a: [b, n, n]f64): [b, n]f64 =
  build([b, n], \k r -> sum(build([n], \c -> if r < c then a[k, r, c] else 0.0)))
-- CHECK-LABEL: loops triangles(
-- CHECK: {{^    }}for [[R:i_[0-9]+]] < [[N:n_[0-9]+]]:{{$}}
-- CHECK: {{^      }}i64 [[FROM:from_[0-9]+]] = min(max([[R]] + 1, 0), [[N]]){{$}}
-- CHECK-NEXT: {{^      }}if 0 < [[FROM]]:{{$}}
-- CHECK: {{^      }}for [[C:r_[0-9]+]] in [[[FROM]], [[N]]):{{$}}
-- CHECK-NEXT: {{^        }}{{sum_[0-9]+}} += {{a_[0-9]+}}[{{i_[0-9]+}}, [[R]], [[C]]]{{$}}

-- A sum with an unmasked term is not trimmed: it is split where the condition
-- changes, and each piece adds its branch's constant.
entry mixed(x: [b, n]f64, e: i64): [b]f64 =
  build([b], \k -> sum(build([n], \c -> x[k, c] + (if c < e then 1.0 else 0.0))))
-- CHECK-LABEL: loops mixed(
-- CHECK-NOT: from_
-- CHECK: {{^    }}i64 [[AT:at_[0-9]+]] = min(max([[E:e_[0-9]+]], 0), [[N:n_[0-9]+]]){{$}}
-- CHECK-NEXT: {{^    }}for [[C:r_[0-9]+]] < [[AT]]:{{$}}
-- CHECK-NEXT: {{^      }}[[SUM:sum_[0-9]+]] += {{x_[0-9]+}}[{{i_[0-9]+}}, [[C]]] + 1.0{{$}}
-- CHECK-NEXT: {{^    }}for [[C]] in [[[AT]], [[N]]):{{$}}
-- CHECK-NEXT: {{^      }}[[SUM]] += {{x_[0-9]+}}[{{i_[0-9]+}}, [[C]]] + 0.0{{$}}

-- A triangle read through a gather (zero past the row): the terms past the diagonal
-- are 0.0 * x[j], not zeros (NaN for an infinite x[j]), so the sum is split at the
-- diagonal: below it the read is a[i, j], above it there is no read of a and the
-- guard is gone.
entry triangleGather(a: [n, n]f64, x: [n]f64): [n]f64 =
  matvec(gather([n, n], a, \i j -> [i, if j <= i then j else n]), x)
-- CHECK-LABEL: loops triangleGather(
-- CHECK: {{^    }}i64 [[AT:at_[0-9]+]] = min(max([[I:i_[0-9]+]] + 1, 0), [[N:n_[0-9]+]]){{$}}
-- CHECK-NEXT: {{^    }}for [[J:r_[0-9]+]] < [[AT]]:{{$}}
-- CHECK-NEXT: {{^      }}f64 [[SAFE:safe_[0-9]+]] = 0.0{{$}}
-- CHECK-NEXT: {{^      }}if (0 <= [[J]]) && ([[J]] < [[N]]):{{$}}
-- CHECK-NEXT: {{^        }}[[SAFE]] = {{a_[0-9]+}}[[[I]], [[J]]]{{$}}
-- CHECK-NEXT: {{^      }}[[SUM:sum_[0-9]+]] += [[SAFE]] * {{x_[0-9]+}}[[[J]]]{{$}}
-- CHECK-NEXT: {{^    }}for [[J]] in [[[AT]], [[N]]):{{$}}
-- CHECK-NEXT: {{^      }}f64 [[SAFE2:safe_[0-9]+]] = 0.0{{$}}
-- CHECK-NEXT: {{^      }}[[SUM]] += [[SAFE2]] * {{x_[0-9]+}}[[[J]]]{{$}}

-- Two conditions: four pieces, each with both decided.
entry twoBounds(x: [b, n]f64, lo: i64, hi: i64): [b]f64 =
  build([b], \k -> sum(build([n], \c -> (if lo <= c then 1.0 else 0.5) * (if c < hi then x[k, c] else 2.0))))
-- CHECK-LABEL: loops twoBounds(
-- CHECK: {{^    }}i64 [[HI:at_[0-9]+]] = min(max({{hi_[0-9]+}}, 0), [[N:n_[0-9]+]]){{$}}
-- CHECK-NEXT: {{^    }}i64 [[LO1:at_[0-9]+]] = min(max([[LO:lo_[0-9]+]], 0), [[HI]]){{$}}
-- CHECK-NEXT: {{^    }}for [[C:r_[0-9]+]] < [[LO1]]:{{$}}
-- CHECK-NEXT: {{^      }}{{sum_[0-9]+}} += 0.5 * {{x_[0-9]+}}[{{i_[0-9]+}}, [[C]]]{{$}}
-- CHECK-NEXT: {{^    }}for [[C]] in [[[LO1]], [[HI]]):{{$}}
-- CHECK-NEXT: {{^      }}{{sum_[0-9]+}} += 1.0 * {{x_[0-9]+}}[{{i_[0-9]+}}, [[C]]]{{$}}
-- CHECK-NEXT: {{^    }}i64 [[LO2:at_[0-9]+]] = min(max([[LO]], [[HI]]), [[N]]){{$}}
-- CHECK-NEXT: {{^    }}for [[C]] in [[[HI]], [[LO2]]):{{$}}
-- CHECK-NEXT: {{^      }}{{sum_[0-9]+}} += 0.5 * 2.0{{$}}
-- CHECK-NEXT: {{^    }}for [[C]] in [[[LO2]], [[N]]):{{$}}
-- CHECK-NEXT: {{^      }}{{sum_[0-9]+}} += 1.0 * 2.0{{$}}

-- A masked sum into array elements (the rows of partial sums the reduction
-- interchange makes): the elements the mask skips get their + 0.0 in a loop of
-- their own, with no arithmetic.
entry lowerOuter(a: [m, n]f64, b: [m, n]f64): [n, n]f64 =
  build([n, n], \i j -> sum(build([m], \r -> if j < i then a[r, i] * b[r, j] else 0.0)))
-- CHECK-LABEL: loops lowerOuter(
-- CHECK: {{^      }}i64 [[TO:to_[0-9]+]] = max(min([[I:i_[0-9]+]], [[N:n_[0-9]+]]), 0){{$}}
-- CHECK-NEXT: {{^      }}for [[J:i_[0-9]+]] < [[TO]]:{{$}}
-- CHECK-NEXT: {{^        }}[[ROW:row_[0-9]+]][[[J]]] += {{a_[0-9]+}}[{{r_[0-9]+}}, [[I]]] * {{b_[0-9]+}}[{{r_[0-9]+}}, [[J]]]{{$}}
-- CHECK-NEXT: {{^      }}for [[J]] in [[[TO]], [[N]]):{{$}}
-- CHECK-NEXT: {{^        }}[[ROW]][[[J]]] += 0.0{{$}}
