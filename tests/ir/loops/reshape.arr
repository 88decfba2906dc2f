-- ARGS: --dump-after=loops --verify-ir
-- reshape of a build is index arithmetic on the build's body: the build is never
-- stored. Flattening a matrix loops over the flat index and recovers the row and
-- column with (unsigned) division and remainder.
entry flat(a: [n, m]f64): [n * m]f64 = reshape([n * m], build([n, m], \i j -> a[i, j] * f64(j)))
-- CHECK-LABEL: loops flat(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[{{[^]]*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{[^]]*}}]):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] * [[M]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[OUT]][[[I]]] = [[A]][{{.*}}] * f64([[I]] %u [[M]]){{$}}
-- CHECK-NOT: {{alloc|free|for |exp}}

-- Unflattening a mapped vector into a constant-shape matrix: a 2 x 3 nest reading
-- the vector at i * 3 + j, the sin computed in place.
entry unflat(a: [6]f64): [2, 3]f64 = reshape([2, 3], map(sin, a))
-- CHECK-LABEL: loops unflat(
-- CHECK-SAME: [[A:a_[0-9]+]]: *f64[{{[^]]*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{[^]]*}}]):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < 2 work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}for [[J:i_[0-9]+]] < 3:{{$}}
-- CHECK-NEXT: {{^      }}[[OUT]][[[I]], [[J]]] = sin([[A]][([[I]] * 3) + [[J]]]){{$}}
-- CHECK-NOT: {{alloc|free|for }}
