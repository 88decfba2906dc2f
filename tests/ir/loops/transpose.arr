-- ARGS: --dump-after=loops --verify-ir
-- tr is index arithmetic: the result is written in its own row-major order (the
-- innermost loop walks the output's last dimension) and the input is read at the
-- permuted index. No copy of the input is made.
entry trScale(a: [n, m]f64): [m, n]f64 = tr([1, 0], a) * 2.0
-- CHECK-LABEL: loops trScale(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[{{[^]]*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{[^]]*}}]):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[M]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}for [[J:i_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^      }}[[OUT]][[[I]], [[J]]] = [[A]][[[J]], [[I]]] * 2.0{{$}}
-- CHECK-NOT: {{alloc|free|for }}

-- A 3-D permutation: result dimension q is input dimension p_q, so
-- out[i, j, l] = a[j, l, i]. One nest of three loops, the outer one parallel.
entry cube(a: [n, m, k]f64): [k, n, m]f64 = tr([2, 0, 1], a) + 1.0
-- CHECK-LABEL: loops cube(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[{{[^]]*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{[^]]*}}]):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[K]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}for [[J:i_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^      }}for [[L:i_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^        }}[[OUT]][[[I]], [[J]], [[L]]] = [[A]][[[J]], [[L]], [[I]]] + 1.0{{$}}
-- CHECK-NOT: {{alloc|free|for }}
