-- ARGS: --dump-after=collapse --verify-ir
-- Sums of sums (loops/Collapse.cpp): `sum(sum(x))` sums x's rows as vectors, so it
-- lowers to a sum over the columns of sums down each column, which strides. Both
-- sums may be reassociated (LANGUAGE.md §9), so it becomes one sum over the matrix,
-- rows outside: the parallel loop is now the one over rows and keeps the reduction;
-- an empty column sum adds +0.0 (the sum of an empty array), once, before it.
entry total(x: [n, m]f64): f64 = sum(sum(x))
-- CHECK-LABEL: loops total(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[X:x_[0-9]+]]: *f64[[[N]], [[M]]]) -> ([[OUT:out0_[0-9]+]]: *f64[]):
-- CHECK: {{^  }}f64 [[S:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^  }}if ([[N]] == 0) && (0 < [[M]]):{{$}}
-- CHECK-NEXT: {{^    }}[[S]] += 0.0{{$}}
-- The same total work, spread over the rows.
-- CHECK-NEXT: {{^  }}parallel for [[I:r_[0-9]+]] < [[N]] work ({{.*}} * [[M]]) /u max([[N]], 1) reduce [[S]] +:{{$}}
-- CHECK-NEXT: {{^    }}for [[J:r_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^      }}[[S]] += [[X]][[[I]], [[J]]]{{$}}
-- CHECK-NEXT: {{^  }}[[OUT]][] = select([[M]] == 0, 0.0, [[S]]){{$}}

-- A sum over the rows of a mask: the terms still move along the rows with the
-- column loop inside.
entry upper(x: [n, n]f64): f64 =
  sum(build([n], \j -> sum(build([n], \l -> if l <= j then x[l, j] else 0.0))))
-- CHECK-LABEL: loops upper(
-- CHECK: {{^  }}parallel for [[I:r_[0-9]+]] < [[N:n_[0-9]+]] work {{.*}} reduce [[S:sum_[0-9]+]] +:{{$}}
-- CHECK-NEXT: {{^    }}for [[J:r_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^      }}[[S]] += select([[I]] <= [[J]], x_{{[0-9]+}}[[[I]], [[J]]], 0.0){{$}}

-- Integer sums are exact in any order.
entry integers(x: [n, m]i64): i64 = sum(sum(x))
-- CHECK-LABEL: loops integers(
-- CHECK: {{^  }}parallel for [[I:r_[0-9]+]] < [[N:n_[0-9]+]] work {{.*}} reduce [[S:sum_[0-9]+]] +:{{$}}
-- CHECK-NEXT: {{^    }}for [[J:r_[0-9]+]] < [[M:m_[0-9]+]]:{{$}}
-- CHECK-NEXT: {{^      }}[[S]] += x_{{[0-9]+}}[[[I]], [[J]]]{{$}}

-- Left alone: rows summed first already walk memory contiguously; the largest column
-- sum combines the sums with another operation than theirs.
entry rowsFirst(x: [n, m]f64): f64 = sum(map(\r -> sum(r), x))
-- CHECK-LABEL: loops rowsFirst(
-- CHECK: {{^  }}parallel for [[I:r_[0-9]+]] < [[N:n_[0-9]+]] work {{.*}} reduce [[S:sum_[0-9]+]] +:{{$}}
-- CHECK-NEXT: {{^    }}f64 [[R:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^    }}for [[J:r_[0-9]+]] < [[M:m_[0-9]+]]:{{$}}
-- CHECK-NEXT: {{^      }}[[R]] += x_{{[0-9]+}}[[[I]], [[J]]]{{$}}
-- CHECK-NEXT: {{^    }}[[S]] += select([[M]] == 0, 0.0, [[R]]){{$}}
entry largestColumn(x: [n, m]f64): f64 = maximum(sum(x))
-- CHECK-LABEL: loops largestColumn(
-- CHECK: {{^  }}parallel for [[J:r_[0-9]+]] < [[M:m_[0-9]+]] work {{.*}} reduce [[MAX:max_[0-9]+]] max:{{$}}
-- CHECK-NEXT: {{^    }}f64 [[C:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^    }}for [[I:r_[0-9]+]] < [[N:n_[0-9]+]]:{{$}}
-- CHECK-NEXT: {{^      }}[[C]] += x_{{[0-9]+}}[[[I]], [[J]]]{{$}}
