-- ARGS: --dump-after=collapse --verify-ir --strict-fp
-- With --strict-fp a float sum of column sums keeps the interpreter's order: each
-- column summed down, then the column sums in order (loops/Collapse.cpp). Integer
-- sums are exact in any order and still become one sum over the matrix.
entry total(x: [n, m]f64): f64 = sum(sum(x))
-- CHECK-LABEL: loops total(
-- CHECK: {{^  }}parallel for [[J:r_[0-9]+]] < [[M:m_[0-9]+]] work {{.*}} reduce [[S:sum_[0-9]+]] +:{{$}}
-- CHECK-NEXT: {{^    }}f64 [[C:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^    }}for [[I:r_[0-9]+]] < [[N:n_[0-9]+]]:{{$}}
-- CHECK-NEXT: {{^      }}[[C]] += x_{{[0-9]+}}[[[I]], [[J]]] (in order){{$}}
-- CHECK-NEXT: {{^    }}[[S]] += select([[N]] == 0, 0.0, [[C]]) (in order){{$}}
entry integers(x: [n, m]i64): i64 = sum(sum(x))
-- CHECK-LABEL: loops integers(
-- CHECK: {{^  }}parallel for [[I:r_[0-9]+]] < [[N:n_[0-9]+]] work {{.*}} reduce [[S:sum_[0-9]+]] +:{{$}}
-- CHECK-NEXT: {{^    }}for [[J:r_[0-9]+]] < [[M:m_[0-9]+]]:{{$}}
-- CHECK-NEXT: {{^      }}[[S]] += x_{{[0-9]+}}[[[I]], [[J]]]{{$}}
