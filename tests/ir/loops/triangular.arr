-- ARGS: --dump-after=loops --verify-ir
-- A triangular sum (a masked prefix, c < r) whose terms are contiguous in the
-- enclosing loop's variable r is interchanged: the row of partial sums is
-- accumulated column-outer, the inner loop counting r from c + 1 (each element
-- still adds its terms in c order). The packed triangle's size l is independent,
-- so its reads are guarded; the inner loop is versioned: when its first and last
-- indices are in range it runs without a test per element, else guarded.
def lower(ls: [l]f64, v: [d]f64): [d]f64 =
  build([d], \r -> sumOuter(build([d], \c ->
    if c < r then ls[c * (d - 1) - (c * (c - 1)) / 2 + (r - c - 1)] * v[c] else 0.0)))
entry points(ls: [l]f64, x: [n, d]f64): [n, d]f64 = build([n], \p -> lower(ls, x[p]))
-- CHECK-LABEL: loops points(
-- CHECK-SAME: [[L:l_[0-9]+]]: size, [[N:n_[0-9]+]]: size, [[D:d_[0-9]+]]: size, [[LS:ls_[0-9]+]]: *f64, [[X:x_[0-9]+]]: *f64) -> ([[OUT:out0_[0-9]+]]: *f64):
-- CHECK: {{^  }}parallel for [[P:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[ROW:row_[0-9]+]] = alloc f64[[[D]]]{{$}}
-- CHECK-NEXT: {{^    }}for [[R:i_[0-9]+]] < [[D]]:{{$}}
-- CHECK-NEXT: {{^      }}[[ROW]][[[R]]] = -0.0{{$}}
-- CHECK-NEXT: {{^    }}for [[C:r_[0-9]+]] < [[D]]:{{$}}
-- CHECK-NEXT: {{^      }}bool [[FAST:inRange_[0-9]+]] = (0 <= {{.*}}) && ({{.*}} < [[L]]){{$}}
-- CHECK-NEXT: {{^      }}if [[FAST]]:{{$}}
-- CHECK-NEXT: {{^        }}for [[K:i_[0-9]+]] < [[D]] - ([[C]] + 1):{{$}}
-- CHECK-NEXT: {{^          }}i64 [[R]] = [[K]] + ([[C]] + 1){{$}}
-- CHECK-NEXT: {{^          }}f64 [[SAFE:safe_[0-9]+]] = 0.0{{$}}
-- CHECK-NEXT: {{^          }}[[SAFE]] = [[LS]][{{.*}}]{{$}}
-- CHECK-NEXT: {{^          }}[[ROW]][[[R]]] = [[ROW]][[[R]]] + ([[SAFE]] * [[X]][([[P]] * [[D]]) + [[C]]]){{$}}
-- CHECK-NEXT: {{^      }}if ![[FAST]]:{{$}}
-- CHECK-NEXT: {{^        }}for [[K2:i_[0-9]+]] < [[D]] - ([[C]] + 1):{{$}}
-- CHECK-NEXT: {{^          }}i64 [[R]] = [[K2]] + ([[C]] + 1){{$}}
-- CHECK-NEXT: {{^          }}f64 [[SAFE]] = 0.0{{$}}
-- CHECK-NEXT: {{^          }}if (0 <= {{.*}}) && ({{.*}} < [[L]]):{{$}}
-- CHECK-NEXT: {{^            }}[[SAFE]] = [[LS]][{{.*}}]{{$}}
-- CHECK: {{^    }}for [[R2:i_[0-9]+]] < [[D]]:{{$}}
-- CHECK-NEXT: {{^      }}f64 [[SUM:sum_[0-9]+]] = [[ROW]][[[R2]]]{{$}}
-- CHECK: {{^    }}free [[ROW]]{{$}}

-- A stencil's read at j - 1 is out of range at j = 0 on every entry to the
-- loop: no unguarded version is made for it.
entry shifted(a: [n]f64, b: [m, n]f64): [m, n]f64 = build([m, n], \i j -> a[j - 1] * b[i, j])
-- CHECK-LABEL: loops shifted(
-- CHECK-NOT: inRange
