-- ARGS: --dump-after=loops --verify-ir
-- Reads whose index is not known to be in range are guarded (out of range reads
-- give 0, LANGUAGE.md section 7): the load of a shifted index a[i + 1] sits under
-- an `if` on the index's range, into a local that defaults to 0.0.
entry shifted(a: [n]f64): [n]f64 = build([n], \i -> a[i + 1] * 2.0)
-- CHECK-LABEL: loops shifted(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[[[N]]]) -> ([[OUT:out0_[0-9]+]]: *f64[[[N]]]):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}f64 [[S:safe_[0-9]+]] = 0.0{{$}}
-- CHECK-NEXT: {{^    }}if (0 <= ([[I]] + 1)) && (([[I]] + 1) < [[N]]):{{$}}
-- CHECK-NEXT: {{^      }}[[S]] = [[A]][[[I]] + 1]{{$}}
-- CHECK-NEXT: {{^    }}[[OUT]][[[I]]] = [[S]] * 2.0{{$}}
-- CHECK-NOT: {{alloc|for }}

-- The same for an index read from data, a[idx[i]] (idx[i] itself is in range).
entry indirect(a: [n]f64, idx: [k]i64): [k]f64 = build([k], \i -> a[idx[i]] * 2.0)
-- CHECK-LABEL: loops indirect(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[[[N]]], [[IDX:idx_[0-9]+]]: *i64[[[K]]]) -> ([[OUT:out0_[0-9]+]]: *f64[[[K]]]):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[K]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}f64 [[S:safe_[0-9]+]] = 0.0{{$}}
-- CHECK-NEXT: {{^    }}if (0 <= [[IDX]][[[I]]]) && ([[IDX]][[[I]]] < [[N]]):{{$}}
-- CHECK-NEXT: {{^      }}[[S]] = [[A]][[[IDX]][[[I]]]]{{$}}
-- CHECK-NEXT: {{^    }}[[OUT]][[[I]]] = [[S]] * 2.0{{$}}
-- CHECK-NOT: {{alloc|for }}

-- A read at the index of an enclosing build over the array's own size is in
-- range: no guard, no select, no default.
entry inRange(a: [n]f64, b: [n, m]f64): [n, m]f64 = build([n, m], \i j -> a[i] * b[i, j])
-- CHECK-LABEL: loops inRange(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[[[N]]], [[B:b_[0-9]+]]: *f64[[[N]], [[M]]]) -> ([[OUT:out0_[0-9]+]]: *f64[[[N]], [[M]]]):
-- CHECK-NOT: {{if |select|safe}}
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}for [[J:i_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^      }}[[OUT]][[[I]], [[J]]] = [[A]][[[I]]] * [[B]][[[I]], [[J]]]{{$}}
-- CHECK-NOT: {{if |select|safe|alloc}}

-- The same index i over a build of a different size m: a[i] may be out of range
-- (n < m), so it is guarded, while b[i] (b: [m]) is not.
entry otherSize(a: [n]f64, b: [m]f64): [m]f64 = build([m], \i -> a[i] + b[i])
-- CHECK-LABEL: loops otherSize(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[[[N]]], [[B:b_[0-9]+]]: *f64[[[M]]]) -> ([[OUT:out0_[0-9]+]]: *f64[[[M]]]):
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[M]] work {{.*}}:{{$}}
-- CHECK: {{^    }}if (0 <= [[I]]) && ([[I]] < [[N]]):{{$}}
-- CHECK-NEXT: {{^      }}[[S:safe_[0-9]+]] = [[A]][[[I]]]{{$}}
-- CHECK-NEXT: {{^    }}[[OUT]][[[I]]] = [[S]] + [[B]][[[I]]]{{$}}
