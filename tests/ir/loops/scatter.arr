-- ARGS: --dump-after=loops --verify-ir
-- A scatter used by another operation is materialised: a zeroed buffer, then a
-- loop adding each element at its (data-dependent) target, guarded by an `if`
-- that drops out-of-range targets (LANGUAGE.md section 7). The accumulation loop
-- is sequential (two elements may hit the same target). The consumer then reads
-- the buffer, which is freed after it.
entry plusScatter(a: [n]f64, idx: [n]i64, z: [m]f64): [m]f64 = z + scatter([m], a, \i -> [idx[i]])
-- CHECK-LABEL: loops plusScatter(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[{{[^]]*}}], [[IDX:idx_[0-9]+]]: *i64[{{[^]]*}}], [[Z:z_[0-9]+]]: *f64[{{[^]]*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{[^]]*}}]):
-- CHECK: {{^  }}[[T:t_[0-9]+]] = alloc f64[[[M]]]{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[I0:i_[0-9]+]] < [[M]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[T]][[[I0]]] = 0.0{{$}}
-- CHECK-NEXT: {{^  }}for [[I:i_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^    }}if (0 <= [[IDX]][[[I]]]) && ([[IDX]][[[I]]] < [[M]]):{{$}}
-- CHECK-NEXT: {{^      }}[[T]][[[IDX]][[[I]]]] += [[A]][[[I]]]{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[J:i_[0-9]+]] < [[M]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[OUT]][[[J]]] = [[Z]][[[J]]] + [[T]][[[J]]]{{$}}
-- CHECK-NEXT: {{^  }}free [[T]]{{$}}
-- CHECK-NOT: {{alloc|for }}

-- A scatter that is the entry's result accumulates into the result buffer itself
-- (no extra buffer); a computed target (2 i into 5 slots) is still guarded.
entry evens(a: [n]f64): [5]f64 = scatter([5], a, \i -> [i * 2])
-- CHECK-LABEL: loops evens(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[{{[^]]*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{[^]]*}}]):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I0:i_[0-9]+]] < 5 work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[OUT]][[[I0]]] = 0.0{{$}}
-- CHECK-NEXT: {{^  }}for [[I:i_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^    }}if {{.*}}([[I]] * 2) < 5{{.*}}:{{$}}
-- CHECK-NEXT: {{^      }}[[OUT]][[[I]] * 2] += [[A]][[[I]]]{{$}}
-- CHECK-NOT: {{alloc|free|for }}

-- Targets that may collide, but whose first index is the outer loop variable:
-- distinct iterations of that loop write distinct rows, so it runs in parallel
-- without a race (the inner loop, whose targets may collide, stays sequential).
entry rows(a: [n, m]f64, idx: [m]i64): [n, 4]f64 = scatter([n, 4], a, \i j -> [i, idx[j]])
-- CHECK-LABEL: loops rows(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[{{[^]]*}}], [[IDX:idx_[0-9]+]]: *i64[{{[^]]*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{[^]]*}}]):
-- CHECK: {{^  }}parallel for [[Z:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}for [[ZJ:i_[0-9]+]] < 4:{{$}}
-- CHECK-NEXT: {{^      }}[[OUT]][[[Z]], [[ZJ]]] = 0.0{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}for [[J:i_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^      }}if (0 <= [[IDX]][[[J]]]) && ([[IDX]][[[J]]] < 4):{{$}}
-- CHECK-NEXT: {{^        }}[[OUT]][[[I]], [[IDX]][[[J]]]] += [[A]][[[I]], [[J]]]{{$}}
