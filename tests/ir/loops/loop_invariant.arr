-- ARGS: --dump-after=loops --verify-ir
-- A sum that does not depend on the build's index is computed once, before the
-- loop (a parallel reduction into a scalar), and the loop only divides by it.
entry normalise(x: [n]f64): [n]f64 = build([n], \i -> x[i] / sum(x))
-- CHECK-LABEL: loops normalise(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[X:x_[0-9]+]]: *f64[{{[^]]*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{[^]]*}}]):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}f64 [[S:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[R:r_[0-9]+]] < [[N]] work {{.*}} reduce [[S]] +:{{$}}
-- CHECK-NEXT: {{^    }}[[S]] += [[X]][[[R]]]{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[OUT]][[[I]]] = [[X]][[[I]]] / {{.*}}[[S]]{{.*}}
-- CHECK-NOT: {{alloc|for }}

-- In a 2-D build, a row sum depends on i only: it is computed once per row,
-- between the row loop and the column loop, not once per element.
entry rowNormalise(a: [n, m]f64): [n, m]f64 = build([n, m], \i j -> a[i, j] / sum(a[i]))
-- CHECK-LABEL: loops rowNormalise(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[{{[^]]*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{[^]]*}}]):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}f64 [[S:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^    }}for [[R:r_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^      }}[[S]] += [[A]][[[I]], [[R]]]{{$}}
-- CHECK-NEXT: {{^    }}for [[J:i_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^      }}[[OUT]][[[I]], [[J]]] = [[A]][[[I]], [[J]]] / {{.*}}[[S]]{{.*}}
-- CHECK-NOT: {{alloc|for }}

-- A transposed build: the element at [i, j] is x[i] * s(j), where the sum s(j)
-- depends on j only. Pulled inside the loop over i, the sum is expanded into an
-- array over j computed once, not once per i (the element as a whole, which
-- reads x[i], is not invariant).
entry columns(x: [n]f64): [n, n]f64 = tr([1, 0], build([n], \j -> x * sum(x * f64(j))))
-- CHECK-LABEL: loops columns(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[X:x_[0-9]+]]: *f64[{{[^]]*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{[^]]*}}]):
-- CHECK: {{^  }}[[T:t_[0-9]+]] = alloc f64[[[N]]]{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[J:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK: {{^    }}[[T]][[[J]]] = {{.*}}
-- CHECK-NEXT: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}for [[J2:i_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^      }}[[OUT]][[[I]], [[J2]]] = [[X]][[[I]]] * [[T]][[[J2]]]{{$}}
