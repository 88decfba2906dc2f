-- ARGS: --dump-after=tabulate --verify-ir
-- Tables of partial sums (loops/Tabulate.cpp): a sum over a range that one end of moves
-- with the loops around it, of terms those loops do not change, reads a table of suffix
-- or prefix sums built once before them.

-- A triangle read as a gather adds 0.0 * x[j] past the diagonal (NaN for an infinite
-- x[j]); after the trim pass splits each row there, those terms do not depend on the
-- row: their sums over every suffix are computed once, backward, and each row adds one.
entry triangleGather(a: [n, n]f64, x: [n]f64): [n]f64 =
  matvec(gather([n, n], a, \i j -> [i, if j <= i then j else n]), x)
-- CHECK-LABEL: loops triangleGather(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[{{.*}}], [[X:x_[0-9]+]]: *f64[{{.*}}]) ->
-- CHECK: {{^  }}[[T:table_[0-9]+]] = alloc f64[[[N]] + 1]{{$}}
-- CHECK-NEXT: {{^  }}f64 [[RUN:running_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^  }}[[T]][[[N]]] = [[RUN]]{{$}}
-- CHECK-NEXT: {{^  }}for [[K:t_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^    }}f64 [[Z:safe_[0-9]+]] = 0.0{{$}}
-- CHECK-NEXT: {{^    }}[[RUN]] += [[Z]] * [[X]][([[N]] + ([[K]] * -1)) - 1] (in order){{$}}
-- CHECK-NEXT: {{^    }}[[T]][([[N]] + ([[K]] * -1)) - 1] = [[RUN]]{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK: {{^    }}i64 [[AT:at_[0-9]+]] = min(max([[I]] + 1, 0), [[N]]){{$}}
-- CHECK-NEXT: {{^    }}for [[J:r_[0-9]+]] < [[AT]]:{{$}}
-- CHECK: {{^      }}[[SUM:sum_[0-9]+]] += {{safe_[0-9]+}} * [[X]][[[J]]]{{$}}
-- CHECK-NEXT: {{^    }}[[SUM]] += [[T]][[[AT]]]{{$}}
-- CHECK-NEXT: {{^    }}out0_{{[0-9]+}}[[[I]]] = {{.*}}{{$}}
-- CHECK-NEXT: {{^  }}free [[T]]{{$}}

-- An inclusive scan written as a masked build (its mask dropped by trim, where it holds):
-- a prefix table, whose element i + 1 is each row's sum.
entry inclusive(a: [n]i64): [n]i64 =
  build([n], \i -> sum(build([n], \j -> if j <= i then a[j] else 0)))
-- CHECK-LABEL: loops inclusive(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[A:a_[0-9]+]]: *i64[{{.*}}]) ->
-- CHECK: {{^  }}[[T:table_[0-9]+]] = alloc i64[[[N]] + 1]{{$}}
-- CHECK-NEXT: {{^  }}i64 [[RUN:running_[0-9]+]] = 0{{$}}
-- CHECK-NEXT: {{^  }}[[T]][0] = [[RUN]]{{$}}
-- CHECK-NEXT: {{^  }}for [[K:t_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^    }}[[RUN]] += [[A]][[[K]]] (in order){{$}}
-- CHECK-NEXT: {{^    }}[[T]][[[K]] + 1] = [[RUN]]{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}i64 [[SUM:sum_[0-9]+]] = 0{{$}}
-- CHECK-NEXT: {{^    }}i64 [[TO:to_[0-9]+]] = max(min([[I]] + 1, [[N]]), 0){{$}}
-- CHECK-NEXT: {{^    }}[[SUM]] += [[T]][[[TO]]]{{$}}
-- CHECK-NOT: for r_

-- A read past the end (x[j + 1], zero there) is guarded by its own range checks, so the
-- table may evaluate it for any j: after the pad pass it reads a copy with a margin.
entry shiftedSuffix(x: [n]f64): [n]f64 =
  build([n], \i -> sum(build([n], \j -> if i <= j then x[j + 1] * 2.0 else 0.0)))
-- CHECK-LABEL: loops shiftedSuffix(
-- CHECK: {{^  }}[[T:table_[0-9]+]] = alloc f64[{{n_[0-9]+}} + 1]{{$}}
-- CHECK: {{^    }}[[SUM:sum_[0-9]+]] += [[T]][{{from_[0-9]+}}]{{$}}

-- Each batch's rows: the terms read the batch's row, so the table is built per batch,
-- inside the batch's loop, before the loop over the suffixes' starts.
entry rowSuffixes(x: [b, n]f64): [b, n]f64 =
  build([b, n], \k i -> sum(build([n], \j -> if i <= j then x[k, j] * x[k, j] else 0.0)))
-- CHECK-LABEL: loops rowSuffixes(
-- CHECK: {{^  }}parallel for [[K:i_[0-9]+]] < {{b_[0-9]+}} work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[T:table_[0-9]+]] = alloc f64[{{n_[0-9]+}} + 1]{{$}}
-- CHECK: {{^      }}{{running_[0-9]+}} += {{x_[0-9]+}}[[[K]], {{.*}}] * {{x_[0-9]+}}[[[K]], {{.*}}] (in order){{$}}
-- CHECK: {{^    }}for {{i_[0-9]+}} < {{n_[0-9]+}}:{{$}}
-- CHECK: {{^      }}{{sum_[0-9]+}} += [[T]][{{from_[0-9]+}}]{{$}}
-- CHECK: {{^    }}free [[T]]{{$}}

-- Not tabulated: terms that move with the row (the masked triangle reads a[i, j]), and a
-- window whose both ends move (a difference of two prefix sums would not be exact).
entry maskedTriangle(a: [n, n]f64, x: [n]f64): [n]f64 =
  build([n], \i -> sum(build([n], \j -> if j <= i then a[i, j] * x[j] else 0.0)))
-- CHECK-LABEL: loops maskedTriangle(
-- CHECK-NOT: table_
-- CHECK: {{^    }}for {{r_[0-9]+}} < {{to_[0-9]+}}:{{$}}
entry window(x: [n]f64): [n]f64 =
  build([n], \i -> sum(build([n], \j -> if i <= j && j < i + 3 then x[j] else 0.0)))
-- CHECK-LABEL: loops window(
-- CHECK-NOT: table_
-- CHECK: {{^    }}for {{r_[0-9]+}} in [{{from_[0-9]+}}, {{to_[0-9]+}}):{{$}}

-- Nor terms that read a loop's state (assigned, not declared, by each step): a table
-- built before the steps would hold the first state's terms.
entry foldState(x: [m, n]i64): [m]i64 =
  build([m], \k -> iterate(n, \i s -> s + sum(build([n], \j -> if i <= j then x[k, j] * s else 0)), 1))
-- CHECK-LABEL: loops foldState(
-- CHECK-NOT: table_
-- CHECK: {{^      }}for {{r_[0-9]+}} in [{{from_[0-9]+}}, {{n_[0-9]+}}):{{$}}
-- CHECK-NEXT: {{^        }}{{sum_[0-9]+}} += {{x_[0-9]+}}[{{i_[0-9]+}}, {{r_[0-9]+}}] * {{state_[0-9]+}}{{$}}
