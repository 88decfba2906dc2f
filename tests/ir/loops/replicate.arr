-- ARGS: --dump-after=loops --verify-ir
-- replicate adds an outer dimension by index arithmetic: the replicated matrix is
-- read at the inner indices (its row-major offset ignores the new outer index),
-- inside the single 3-deep nest of the consumer. Nothing is copied.
entry rep3(a: [n, m]f64, b: [k, n, m]f64): [k, n, m]f64 = replicate(k, a) * b
-- CHECK-LABEL: loops rep3(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[{{[^]]*}}], [[B:b_[0-9]+]]: *f64[{{[^]]*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{[^]]*}}]):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[K]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}for [[J:i_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^      }}for [[L:i_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^        }}[[OUT]][[[I]], [[J]], [[L]]] = [[A]][[[J]], [[L]]] * [[B]][[[I]], [[J]], [[L]]]{{$}}
-- CHECK-NOT: {{alloc|free|for }}

-- A scalar replicated against a vector (broadcasting) is just the scalar.
entry shift(c: f64, x: [n]f64): [n]f64 = x - replicate(n, c)
-- CHECK-LABEL: loops shift(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[C:c_[0-9]+]]: f64, [[X:x_[0-9]+]]: *f64[{{[^]]*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{[^]]*}}]):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[OUT]][[[I]]] = [[X]][[[I]]] - [[C]]{{$}}
-- CHECK-NOT: {{alloc|free|for }}

-- A replicated value used twice is not copied p times: its operand (more than a
-- few operations per element) is stored once, used twice through the
-- replicate, and read at the inner index.
entry shared(x: [n]f64, y: [n]f64, k: [p]f64): [p, n]f64 =
  let e = replicate(p, x * y + x / y - y * x) in e + tr([1, 0], tr([1, 0], e))
-- CHECK-LABEL: loops shared(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[P:p_[0-9]+]]: size, [[X:x_[0-9]+]]: *f64[{{[^]]*}}], [[Y:y_[0-9]+]]: *f64[{{[^]]*}}], {{.*}}) -> ([[OUT:out0_[0-9]+]]: *f64[{{[^]]*}}]):
-- CHECK: {{^  }}[[T:t_[0-9]+]] = alloc f64[[[N]]]{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[T]][[[I]]] = {{.*}}[[X]][[[I]]] / [[Y]][[[I]]]{{.*}}{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[R:i_[0-9]+]] < [[P]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}for [[J:i_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^      }}[[OUT]][[[R]], [[J]]] = [[T]][[[J]]] + [[T]][[[J]]]{{$}}
-- CHECK-NEXT: {{^  }}free [[T]]{{$}}

-- A value of a few operations used twice is recomputed at each use instead:
-- cheaper than storing it and loading it back.
entry cheap(x: [n]f64, y: [n]f64): ([n]f64, [n]f64) = let t = x * x in (t * y, t + y)
-- CHECK-LABEL: loops cheap(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[X:x_[0-9]+]]: *f64[{{[^]]*}}], [[Y:y_[0-9]+]]: *f64[{{[^]]*}}]) -> ([[O0:out0_[0-9]+]]: *f64[{{[^]]*}}], [[O1:out1_[0-9]+]]: *f64[{{[^]]*}}]):
-- CHECK-NOT: alloc
-- CHECK: {{^    }}f64 [[T:t_[0-9]+]] = [[X]][[[I:i_[0-9]+]]] * [[X]][[[I]]]{{$}}
-- CHECK-NEXT: {{^    }}[[O0]][[[I]]] = [[T]] * [[Y]][[[I]]]{{$}}
-- CHECK: {{^    }}f64 [[T2:t_[0-9]+]] = [[X]][[[J:i_[0-9]+]]] * [[X]][[[J]]]{{$}}
-- CHECK-NEXT: {{^    }}[[O1]][[[J]]] = [[T2]] + [[Y]][[[J]]]{{$}}
-- CHECK-NOT: alloc
