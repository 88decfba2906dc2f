-- ARGS: --dump-after=loops --verify-ir
-- An elementwise chain (map, arithmetic on arrays, scalars replicated) is one
-- loop whose body is one store: no intermediate array is allocated.
entry chain(x: [n]f64, y: [n]f64): [n]f64 = map(exp, x) * 2.0 + sqrt(y) - x / y
-- CHECK-LABEL: loops chain(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[X:x_[0-9]+]]: *f64[[[N]]], [[Y:y_[0-9]+]]: *f64[[[N]]]) -> ([[OUT:out0_[0-9]+]]: *f64[[[N]]]):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[OUT]][[[I]]] = ((exp([[X]][[[I]]]) * 2.0) + sqrt([[Y]][[[I]]])) - ([[X]][[[I]]] / [[Y]][[[I]]]){{$}}
-- CHECK-NOT: {{alloc|free|for }}

-- Elementwise ops over a matrix, with a vector replicated along the rows: one
-- nest (rows parallel, columns innermost), the replicated vector read at the
-- column index. Accesses give one index per dimension.
entry rowsPlusVector(x: [n]f64, y: [m, n]f64): [m, n]f64 = map(exp, y) + replicate(m, x)
-- CHECK-LABEL: loops rowsPlusVector(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[X:x_[0-9]+]]: *f64[[[N]]], [[Y:y_[0-9]+]]: *f64[[[M]], [[N]]]) -> ([[OUT:out0_[0-9]+]]: *f64[[[M]], [[N]]]):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[M]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}for [[J:i_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^      }}[[OUT]][[[I]], [[J]]] = exp([[Y]][[[I]], [[J]]]) + [[X]][[[J]]]{{$}}
-- CHECK-NOT: {{alloc|free|for }}
