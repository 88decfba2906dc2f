-- ARGS: --dump-after=loops --verify-ir
-- replicate adds an outer dimension by index arithmetic: the replicated matrix is
-- read at the inner indices (its row-major offset ignores the new outer index),
-- inside the single 3-deep nest of the consumer. Nothing is copied.
entry rep3(a: [n, m]f64, b: [k, n, m]f64): [k, n, m]f64 = replicate(k, a) * b
-- CHECK-LABEL: loops rep3(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64, [[B:b_[0-9]+]]: *f64) -> ([[OUT:out0_[0-9]+]]: *f64):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[K]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}for [[J:i_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^      }}for [[L:i_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^        }}[[OUT]][((([[I]] * [[N]]) + [[J]]) * [[M]]) + [[L]]] = [[A]][([[J]] * [[M]]) + [[L]]] * [[B]][((([[I]] * [[N]]) + [[J]]) * [[M]]) + [[L]]]{{$}}
-- CHECK-NOT: {{alloc|free|for }}

-- A scalar replicated against a vector (broadcasting) is just the scalar.
entry shift(c: f64, x: [n]f64): [n]f64 = x - replicate(n, c)
-- CHECK-LABEL: loops shift(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[C:c_[0-9]+]]: f64, [[X:x_[0-9]+]]: *f64) -> ([[OUT:out0_[0-9]+]]: *f64):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[OUT]][[[I]]] = [[X]][[[I]]] - [[C]]{{$}}
-- CHECK-NOT: {{alloc|free|for }}
