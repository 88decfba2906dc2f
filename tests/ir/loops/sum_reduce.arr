-- ARGS: --dump-after=loops --verify-ir
-- sum(build(...)) at top level is one parallel reduction loop over the build's
-- index, accumulating the body directly: the built array is never stored.
entry sumSquares(x: [n]f64): f64 = sum(build([n], \i -> x[i] * x[i]))
-- CHECK-LABEL: loops sumSquares(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[X:x_[0-9]+]]: *f64[{{[^]]*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{[^]]*}}]):
-- CHECK-NOT: {{alloc|for }}
-- CHECK: {{^  }}f64 [[S:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[R:r_[0-9]+]] < [[N]] work {{.*}} reduce [[S]] +:{{$}}
-- CHECK-NEXT: {{^    }}[[S]] += [[X]][[[R]]] * [[X]][[[R]]]{{$}}
-- CHECK-NEXT: {{^  }}[[OUT]][] = {{.*}}[[S]]{{.*}}
-- CHECK-NOT: {{alloc|free|for }}

-- A sum of row sums: the outer reduction is parallel, the inner one a plain
-- sequential loop inside it; neither the row sums nor the rows are stored.
entry sumOfRowSums(a: [n, m]f64): f64 = sum(map(\r -> sum(r) * 2.0, a))
-- CHECK-LABEL: loops sumOfRowSums(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[{{[^]]*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{[^]]*}}]):
-- CHECK-NOT: {{alloc|for }}
-- CHECK: {{^  }}f64 [[S:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[R:r_[0-9]+]] < [[N]] work {{.*}} reduce [[S]] +:{{$}}
-- CHECK-NEXT: {{^    }}f64 [[T:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^    }}for [[Q:r_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^      }}[[T]] += [[A]][[[R]], [[Q]]]{{$}}
-- CHECK-NEXT: {{^    }}[[S]] += {{.*}}[[T]]{{.*}} * 2.0{{$}}
-- CHECK-NEXT: {{^  }}[[OUT]][] = {{.*}}[[S]]{{.*}}
-- CHECK-NOT: {{alloc|free|for }}

-- A matrix result: the outer (row) loop is the parallel one, the inner loop is
-- sequential and walks the contiguous dimension.
entry scaled(a: [n, m]f64): [n, m]f64 = build([n, m], \i j -> a[i, j] * f64(i + j))
-- CHECK-LABEL: loops scaled(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[{{[^]]*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{[^]]*}}]):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}for [[J:i_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^      }}[[OUT]][[[I]], [[J]]] = [[A]][[[I]], [[J]]] * f64([[I]] + [[J]]){{$}}
-- CHECK-NOT: {{alloc|free|for }}
