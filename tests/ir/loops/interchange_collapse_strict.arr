-- ARGS: --dump-after=interchange --verify-ir --strict-fp
-- With --strict-fp a sum of column sums keeps each column's order: the row form
-- (loops/Interchange.cpp), each element added in l order, then the row summed in
-- j order, as the interpreter does.
entry colsums(x: [k, n, m]f64): [k]f64 =
  build([k], \o -> sum(build([m], \j -> sum(build([n], \l -> x[o, l, j])))))
-- CHECK-LABEL: loops colsums(
-- CHECK-SAME: [[K:k_[0-9]+]]: size, [[N:n_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[X:x_[0-9]+]]: *f64
-- CHECK: {{^  }}parallel for [[O:i_[0-9]+]] < [[K]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}f64 [[S:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^    }}[[ROW:row_[0-9]+]] = alloc f64[[[M]]]{{$}}
-- CHECK-NEXT: {{^    }}for [[J0:r_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^      }}[[ROW]][[[J0]]] = -0.0{{$}}
-- CHECK-NEXT: {{^    }}for [[L:r_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^      }}for [[J:r_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^        }}[[ROW]][[[J]]] += [[X]][[[O]], [[L]], [[J]]] (in order){{$}}
-- CHECK-NEXT: {{^    }}for [[J1:r_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^      }}f64 [[C:sum_[0-9]+]] = [[ROW]][[[J1]]]{{$}}
-- CHECK-NEXT: {{^      }}[[S]] += select([[N]] == 0, 0.0, [[C]]) (in order){{$}}
-- CHECK-NEXT: {{^    }}free [[ROW]]{{$}}
