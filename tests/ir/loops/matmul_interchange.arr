-- ARGS: --dump-after=loops --verify-ir
-- matmul (prelude: a sum over k of a[i, k] * b[k, j]) runs i-k-j: per output row,
-- a row accumulator is zeroed, then the reduction loop over k is OUTSIDE the loop
-- over the columns j, so the innermost loop walks b's row k and the accumulator
-- contiguously (b[k * m + j], row[j]). The naive i-j-k order, whose inner loop
-- strides down b's columns, must not come back.
entry mm(a: [n, k]f64, b: [k, m]f64): [n, m]f64 = matmul(a, b)
-- CHECK-LABEL: loops mm(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64, [[B:b_[0-9]+]]: *f64) -> ([[OUT:out0_[0-9]+]]: *f64):
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[ROW:[a-z]+_[0-9]+]] = alloc f64[[[M]]]{{$}}
-- CHECK-NEXT: {{^    }}for [[J0:i_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^      }}[[ROW]][[[J0]]] = -0.0{{$}}
-- CHECK-NEXT: {{^    }}for [[R:r_[0-9]+]] < [[K]]:{{$}}
-- CHECK-NEXT: {{^      }}for [[J:i_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^        }}[[ROW]][[[J]]] = [[ROW]][[[J]]] + ([[A]][([[I]] * [[K]]) + [[R]]] * [[B]][([[R]] * [[M]]) + [[J]]]){{$}}
-- CHECK-NEXT: {{^    }}for [[J2:i_[0-9]+]] < [[M]]:{{$}}
-- CHECK: {{^      }}[[OUT]][([[I]] * [[M]]) + [[J2]]] = {{.*}}
-- CHECK-NEXT: {{^    }}free [[ROW]]{{$}}
-- CHECK-NOT: {{alloc|for }}

-- matvec keeps its reduction innermost: a[i, k] is contiguous in k already, and
-- the sum is a scalar accumulator (no buffer).
entry mv(a: [n, k]f64, v: [k]f64): [n]f64 = matvec(a, v)
-- CHECK-LABEL: loops mv(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64, [[V:v_[0-9]+]]: *f64) -> ([[OUT:out0_[0-9]+]]: *f64):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}f64 [[S:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^    }}for [[R:r_[0-9]+]] < [[K]]:{{$}}
-- CHECK-NEXT: {{^      }}[[S]] = [[S]] + ([[A]][([[I]] * [[K]]) + [[R]]] * [[V]][[[R]]]){{$}}
-- CHECK-NEXT: {{^    }}[[OUT]][[[I]]] = {{.*}}[[S]]{{.*}}
-- CHECK-NOT: {{alloc|free|for }}

-- Summing the product: the sum's row order would fix a j-outer order in which
-- every element's dot product strides down b. The product is stored first, by
-- its own (interchanged) nest, then summed.
entry total(a: [n, k]f64, b: [k, m]f64): f64 = sum(sum(matmul(a, b)))
-- CHECK-LABEL: loops total(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64, [[B:b_[0-9]+]]: *f64) -> ([[OUT:out0_[0-9]+]]: *f64):
-- CHECK: {{^  }}[[T:t_[0-9]+]] = alloc f64[[[N]] * [[M]]]{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[ROW:row_[0-9]+]] = alloc f64[[[M]]]{{$}}
-- CHECK: {{^    }}for [[R:r_[0-9]+]] < [[K]]:{{$}}
-- CHECK-NEXT: {{^      }}for [[J:i_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^        }}[[ROW]][[[J]]] = [[ROW]][[[J]]] + ([[A]][([[I]] * [[K]]) + [[R]]] * [[B]][([[R]] * [[M]]) + [[J]]]){{$}}
-- CHECK: {{^  }}parallel for [[C:r_[0-9]+]] < [[M]] work {{.*}} reduce {{.*}}:{{$}}
-- CHECK: {{^      }}{{sum_[0-9]+}} = {{sum_[0-9]+}} + [[T]][([[Q:r_[0-9]+]] * [[M]]) + [[C]]]{{$}}
-- CHECK: {{^  }}free [[T]]{{$}}

-- A sum of matrices whose terms are contiguous in the summed index (a product
-- with a transposed matrix, as in the gradient of a product) is stored element
-- by element, each a dot product: no row accumulation that would stride. Four
-- consecutive elements share one pass of the dot products' loop (unroll and
-- jam: four independent sums, each still in l order); the last m % 4 elements
-- run the original loop.
entry abt(a: [n, k]f64, b: [m, k]f64): [n, m]f64 = sumOuter(tr([2, 0, 1], build([n, m, k], \i j l -> a[i, l] * b[j, l])))
-- CHECK-LABEL: loops abt(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64, [[B:b_[0-9]+]]: *f64) -> ([[OUT:out0_[0-9]+]]: *f64):
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}for [[Q:i_[0-9]+]] < select([[M]] < 0, 0, [[M]]) /u 4:{{$}}
-- CHECK-NEXT: {{^      }}i64 [[J0:i_[0-9]+]] = [[Q]] * 4{{$}}
-- CHECK-NEXT: {{^      }}f64 [[S0:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^      }}i64 [[J1:i_[0-9]+]] = ([[Q]] * 4) + 1{{$}}
-- CHECK-NEXT: {{^      }}f64 [[S1:sum_[0-9]+]] = -0.0{{$}}
-- CHECK: {{^      }}for [[L:r_[0-9]+]] < [[K]]:{{$}}
-- CHECK-NEXT: {{^        }}[[S0]] = [[S0]] + ([[A]][([[I]] * [[K]]) + [[L]]] * [[B]][([[J0]] * [[K]]) + [[L]]]){{$}}
-- CHECK-NEXT: {{^        }}[[S1]] = [[S1]] + ([[A]][([[I]] * [[K]]) + [[L]]] * [[B]][([[J1]] * [[K]]) + [[L]]]){{$}}
-- CHECK: {{^      }}[[OUT]][([[I]] * [[M]]) + [[J0]]] = select([[K]] == 0, 0.0, [[S0]]){{$}}
-- CHECK-NEXT: {{^      }}[[OUT]][([[I]] * [[M]]) + [[J1]]] = select([[K]] == 0, 0.0, [[S1]]){{$}}
-- CHECK: {{^    }}for [[R:i_[0-9]+]] < select([[M]] < 0, 0, [[M]]) - ((select([[M]] < 0, 0, [[M]]) /u 4) * 4):{{$}}
-- CHECK-NEXT: {{^      }}i64 [[J:i_[0-9]+]] = [[R]] + ((select([[M]] < 0, 0, [[M]]) /u 4) * 4){{$}}
-- CHECK-NEXT: {{^      }}f64 [[S:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^      }}for [[L]] < [[K]]:{{$}}
-- CHECK-NEXT: {{^        }}[[S]] = [[S]] + ([[A]][([[I]] * [[K]]) + [[L]]] * [[B]][([[J]] * [[K]]) + [[L]]]){{$}}
-- CHECK-NOT: row_

-- A sum over rows r whose terms hold a dot product of their own (the gradient of
-- a product with a packed matrix, as in GMM) is interchanged too: each row r is
-- read once for every i, its dot products four at a time, instead of one walk
-- over all rows per i.
entry nested(a: [m, n, d]f64, w: [d, d]f64): [m, d]f64 =
  build([m], \q -> build([d], \i -> sumOuter(build([n], \r -> sum(w[i] * a[q, r]) + a[q, r, i]))))
-- CHECK-LABEL: loops nested(
-- CHECK-SAME: [[M:m_[0-9]+]]: size, [[N:n_[0-9]+]]: size, [[D:d_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64, [[W:w_[0-9]+]]: *f64) -> ([[OUT:out0_[0-9]+]]: *f64):
-- CHECK: {{^  }}parallel for [[Q:i_[0-9]+]] < [[M]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[ROW:row_[0-9]+]] = alloc f64[[[D]]]{{$}}
-- CHECK: {{^    }}for [[R:r_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^      }}for [[G:i_[0-9]+]] < select([[D]] < 0, 0, [[D]]) /u 4:{{$}}
-- CHECK: {{^        }}for [[L:r_[0-9]+]] < [[D]]:{{$}}
-- CHECK: {{^        }}[[ROW]][[[I:i_[0-9]+]]] = [[ROW]][[[I]]] + (select([[D]] == 0, 0.0, {{sum_[0-9]+}}) + [[A]][((([[Q]] * [[N]]) + [[R]]) * [[D]]) + [[I]]]){{$}}
