-- ARGS: --dump-after=jam --verify-ir
-- matmul (prelude: a sum over k of a[i, k] * b[k, j]) runs i-k-j: per output row,
-- a row accumulator is filled, then the reduction loop over k is OUTSIDE the loop
-- over the columns j, so the innermost loop walks b's row k and the accumulator
-- contiguously (b[k, j], row[j]). The naive i-j-k order, whose inner loop
-- strides down b's columns, must not come back.
entry mm(a: [n, k]f64, b: [k, m]f64): [n, m]f64 = matmul(a, b)
-- CHECK-LABEL: loops mm(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[[[N]], [[K]]], [[B:b_[0-9]+]]: *f64[[[K]], [[M]]]) -> ([[OUT:out0_[0-9]+]]: *f64[[[N]], [[M]]]):
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[ROW:[a-z]+_[0-9]+]] = alloc f64[[[M]]]{{$}}
-- CHECK-NEXT: {{^    }}for [[J0:i_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^      }}[[ROW]][[[J0]]] = -0.0{{$}}
-- Four rows of b at a time (unroll-and-jam, loops/Jam.cpp): each row[j] gets its
-- four terms one after the other, in k order, and stays in a register meanwhile.
-- CHECK-NEXT: {{^    }}i64 [[END:r_[0-9]+]] = (max([[K]], 0) /u 4) * 4{{$}}
-- CHECK-NEXT: {{^    }}for [[Q:r_[0-9]+]] in [0, [[END]]) step 4:{{$}}
-- CHECK-NEXT: {{^      }}for [[J:i_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^        }}[[ROW]][[[J]]] += [[A]][[[I]], [[Q]]] * [[B]][[[Q]], [[J]]]{{$}}
-- CHECK-NEXT: {{^        }}[[ROW]][[[J]]] += [[A]][[[I]], [[Q]] + 1] * [[B]][[[Q]] + 1, [[J]]]{{$}}
-- CHECK-NEXT: {{^        }}[[ROW]][[[J]]] += [[A]][[[I]], [[Q]] + 2] * [[B]][[[Q]] + 2, [[J]]]{{$}}
-- CHECK-NEXT: {{^        }}[[ROW]][[[J]]] += [[A]][[[I]], [[Q]] + 3] * [[B]][[[Q]] + 3, [[J]]]{{$}}
-- The last k % 4 rows one at a time.
-- CHECK-NEXT: {{^    }}for [[R:r_[0-9]+]] in [[[END]], [[K]]) at most 3:{{$}}
-- CHECK-NEXT: {{^      }}for [[J1:i_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^        }}[[ROW]][[[J1]]] += [[A]][[[I]], [[R]]] * [[B]][[[R]], [[J1]]]{{$}}
-- CHECK-NEXT: {{^    }}for [[J2:i_[0-9]+]] < [[M]]:{{$}}
-- CHECK: {{^      }}[[OUT]][[[I]], [[J2]]] = {{.*}}
-- CHECK-NEXT: {{^    }}free [[ROW]]{{$}}
-- CHECK-NOT: {{alloc|for }}

-- matvec keeps its reduction innermost: a[i, k] is contiguous in k already, and
-- the sum is a scalar accumulator (no buffer).
entry mv(a: [n, k]f64, v: [k]f64): [n]f64 = matvec(a, v)
-- CHECK-LABEL: loops mv(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[[[N]], [[K]]], [[V:v_[0-9]+]]: *f64[[[K]]]) -> ([[OUT:out0_[0-9]+]]: *f64[[[N]]]):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}f64 [[S:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^    }}for [[R:r_[0-9]+]] < [[K]]:{{$}}
-- CHECK-NEXT: {{^      }}[[S]] += [[A]][[[I]], [[R]]] * [[V]][[[R]]]{{$}}
-- CHECK-NEXT: {{^    }}[[OUT]][[[I]]] = {{.*}}[[S]]{{.*}}
-- CHECK-NOT: {{alloc|free|for }}

-- Summing the product: the sum's row order would fix a j-outer order in which
-- every element's dot product strides down b. The product is stored first, by
-- its own (interchanged) nest, then summed.
entry total(a: [n, k]f64, b: [k, m]f64): f64 = sum(sum(matmul(a, b)))
-- CHECK-LABEL: loops total(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[[[N]], [[K]]], [[B:b_[0-9]+]]: *f64[[[K]], [[M]]]) -> ([[OUT:out0_[0-9]+]]: *f64[]):
-- CHECK: {{^  }}[[T:t_[0-9]+]] = alloc f64[[[N]], [[M]]]{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[ROW:row_[0-9]+]] = alloc f64[[[M]]]{{$}}
-- CHECK: {{^    }}for {{r_[0-9]+}} in [0, {{r_[0-9]+}}) step 4:{{$}}
-- CHECK: {{^      }}for [[J:i_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^        }}[[ROW]][[[J]]] += [[A]][[[I]], {{r_[0-9]+}}] * [[B]][{{r_[0-9]+}}, [[J]]]{{$}}
-- CHECK: {{^  }}parallel for [[C:r_[0-9]+]] < [[M]] work {{.*}} reduce {{.*}}:{{$}}
-- CHECK: {{^      }}{{sum_[0-9]+}} += [[T]][{{r_[0-9]+}}, [[C]]]{{$}}
-- CHECK: {{^  }}free [[T]]{{$}}

-- A sum of matrices whose terms are contiguous in the summed index (a product
-- with a transposed matrix, as in the gradient of a product) is stored element
-- by element, each a dot product: no row accumulation that would stride. Four
-- consecutive elements share one pass of the dot products' loop (unroll and
-- jam: four independent sums, each still in l order); the last m % 4 elements
-- run the original loop.
entry abt(a: [n, k]f64, b: [m, k]f64): [n, m]f64 = sumOuter(tr([2, 0, 1], build([n, m, k], \i j l -> a[i, l] * b[j, l])))
-- CHECK-LABEL: loops abt(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[[[N]], [[K]]], [[B:b_[0-9]+]]: *f64[[[M]], [[K]]]) -> ([[OUT:out0_[0-9]+]]: *f64[[[N]], [[M]]]):
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}i64 [[END:i_[0-9]+]] = (max([[M]], 0) /u 4) * 4{{$}}
-- CHECK-NEXT: {{^    }}for [[Q:i_[0-9]+]] in [0, [[END]]) step 4:{{$}}
-- CHECK-NEXT: {{^      }}f64 [[S0:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^      }}f64 [[S1:sum_[0-9]+]] = -0.0{{$}}
-- CHECK: {{^      }}for [[L:r_[0-9]+]] < [[K]]:{{$}}
-- CHECK-NEXT: {{^        }}[[S0]] += [[A]][[[I]], [[L]]] * [[B]][[[Q]], [[L]]]{{$}}
-- CHECK-NEXT: {{^        }}[[S1]] += [[A]][[[I]], [[L]]] * [[B]][[[Q]] + 1, [[L]]]{{$}}
-- CHECK: {{^      }}[[OUT]][[[I]], [[Q]]] = select([[K]] == 0, 0.0, [[S0]]){{$}}
-- CHECK-NEXT: {{^      }}[[OUT]][[[I]], [[Q]] + 1] = select([[K]] == 0, 0.0, [[S1]]){{$}}
-- CHECK: {{^    }}for [[J:i_[0-9]+]] in [[[END]], [[M]]) at most 3:{{$}}
-- CHECK-NEXT: {{^      }}f64 [[S:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^      }}for [[L2:r_[0-9]+]] < [[K]]:{{$}}
-- CHECK-NEXT: {{^        }}[[S]] += [[A]][[[I]], [[L2]]] * [[B]][[[J]], [[L2]]]{{$}}
-- CHECK-NOT: row_

-- A sum over rows r whose terms hold a dot product of their own (the gradient of
-- a product with a packed matrix, as in GMM) is interchanged too: each row r is
-- read once for every i, its dot products four at a time, instead of one walk
-- over all rows per i.
entry nested(a: [m, n, d]f64, w: [d, d]f64): [m, d]f64 =
  build([m], \q -> build([d], \i -> sumOuter(build([n], \r -> sum(w[i] * a[q, r]) + a[q, r, i]))))
-- CHECK-LABEL: loops nested(
-- CHECK-SAME: [[M:m_[0-9]+]]: size, [[N:n_[0-9]+]]: size, [[D:d_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[[[M]], [[N]], [[D]]], [[W:w_[0-9]+]]: *f64[[[D]], [[D]]]) -> ([[OUT:out0_[0-9]+]]: *f64[[[M]], [[D]]]):
-- CHECK: {{^  }}parallel for [[Q:i_[0-9]+]] < [[M]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[ROW:row_[0-9]+]] = alloc f64[[[D]]]{{$}}
-- CHECK: {{^    }}for [[R:r_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^      }}i64 [[END:i_[0-9]+]] = (max([[D]], 0) /u 4) * 4{{$}}
-- CHECK-NEXT: {{^      }}for [[G:i_[0-9]+]] in [0, [[END]]) step 4:{{$}}
-- CHECK: {{^        }}for [[L:r_[0-9]+]] < [[D]]:{{$}}
-- CHECK: {{^        }}[[ROW]][[[G]] + 3] += select([[D]] == 0, 0.0, {{sum_[0-9]+}}) + [[A]][[[Q]], [[R]], [[G]] + 3]{{$}}
