-- ARGS: --dump-after=split --verify-ir
-- Index-set splitting (loops/Split.cpp): a serial loop whose reads are guarded by
-- range checks on its index plus an offset runs as three loops. The middle one
-- covers the indices where every check holds, [from, to), and has no checks; the
-- first and last iterations keep them. Here the j loop of each row: reads at j - 1
-- and j + 1 are in range for 1 <= j < n - 1.
entry neighbours(x: [b, n]f64): [b, n]f64 = build([b, n], \i j -> x[i, j - 1] + x[i, j + 1])
-- CHECK-LABEL: loops neighbours(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[X:x_[0-9]+]]: *f64[{{[^]]*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{[^]]*}}]):
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}i64 [[FROM:from_[0-9]+]] = min(1, [[N]]){{$}}
-- CHECK-NEXT: {{^    }}i64 [[TO:to_[0-9]+]] = max([[N]] - 1, [[FROM]]){{$}}
-- The first iteration, checked (the offsets are constants: at most one iteration).
-- CHECK-NEXT: {{^    }}for [[J:i_[0-9]+]] < [[FROM]] at most 1:{{$}}
-- CHECK: {{^      }}if (0 <= ([[J]] - 1)) && (([[J]] - 1) < [[N]]):{{$}}
-- CHECK: {{^      }}if (0 <= ([[J]] + 1)) && (([[J]] + 1) < [[N]]):{{$}}
-- CHECK: {{^      }}[[OUT]][[[I]], [[J]]] =
-- The middle: j runs over [from, to), and the reads are not checked.
-- CHECK-NEXT: {{^    }}for [[J]] in [[[FROM]], [[TO]]):{{$}}
-- CHECK-NOT: {{^      }}if
-- CHECK: {{^      }}[[S:safe_[0-9]+]] = [[X]][[[I]], [[J]] + 1]{{$}}
-- CHECK-NOT: {{^      }}if
-- CHECK: {{^      }}[[OUT]][[[I]], [[J]]] =
-- The last iteration, checked.
-- CHECK-NEXT: {{^    }}for [[J]] in [[[TO]], [[N]]) at most 1:{{$}}
-- CHECK: {{^      }}if (0 <= ([[J]] - 1)) && (([[J]] - 1) < [[N]]):{{$}}

-- A check on j + k, where k runs over an inner loop of size m, holds for every k
-- when 0 <= j and j < n - (m - 1). The reduction over k is accumulated row-wise
-- (k outermost), so the split loop is the innermost j loop, for each k.
entry taps(x: [b, n]f64, w: [m]f64): [b, n]f64 =
  build([b, n], \i j -> sum(build([m], \k -> w[k] * x[i, j + k])))
-- CHECK-LABEL: loops taps(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[X:x_[0-9]+]]: *f64[{{[^]]*}}], [[W:w_[0-9]+]]: *f64[{{[^]]*}}]) -> ({{.*}}):
-- CHECK: {{^    }}for [[K:r_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^      }}i64 [[FROM:from_[0-9]+]] = min(max(0, 0 - [[K]]), [[N]]){{$}}
-- CHECK-NEXT: {{^      }}i64 [[TO:to_[0-9]+]] = max(min([[N]], [[N]] - [[K]]), [[FROM]]){{$}}
-- CHECK-NEXT: {{^      }}for [[J:i_[0-9]+]] < [[FROM]]:{{$}}
-- CHECK: {{^        }}if
-- CHECK: {{^      }}for [[J]] in [[[FROM]], [[TO]]):{{$}}
-- CHECK-NEXT: {{^        }}f64 [[S:safe_[0-9]+]] = 0.0{{$}}
-- CHECK-NEXT: {{^        }}[[S]] = [[X]][{{i_[0-9]+}}, [[J]] + [[K]]]{{$}}
-- CHECK-NEXT: {{^        }}[[ROW:row_[0-9]+]][[[J]]] += [[W]][[[K]]] * [[S]]{{$}}
-- CHECK-NEXT: {{^      }}for [[J]] in [[[TO]], [[N]]):{{$}}

-- A 3 x 3 stencil in a serial row loop: both the rows and the columns split, and
-- the middle of the middle reads with no checks at all.
entry blur(x: [c, h, v]f64): [c, h, v]f64 =
  build([c, h, v], \k r s -> sum(build([3], \p -> sum(build([3], \q -> x[k, r + p - 1, s + q - 1])))))
-- CHECK-LABEL: loops blur(
-- CHECK-SAME: [[H:h_[0-9]+]]: size, [[V:v_[0-9]+]]: size, [[X:x_[0-9]+]]: *f64[{{[^]]*}}]) -> ({{.*}}):
-- CHECK: {{^    }}i64 [[FROM:from_[0-9]+]] = min(1, [[H]]){{$}}
-- CHECK-NEXT: {{^    }}i64 [[TO:to_[0-9]+]] = max([[H]] - 1, [[FROM]]){{$}}
-- CHECK: {{^    }}for [[R:i_[0-9]+]] in [[[FROM]], [[TO]]):{{$}}
-- CHECK: {{^        }}i64 [[CFROM:from_[0-9]+]] = min(1, [[V]]){{$}}
-- CHECK-NEXT: {{^        }}i64 [[CTO:to_[0-9]+]] = max([[V]] - 1, [[CFROM]]){{$}}
-- CHECK: {{^        }}for {{i_[0-9]+}} in [[[CFROM]], [[CTO]]):{{$}}
-- CHECK-NOT: {{^ *}}if
-- CHECK: {{^ *}}[[S:safe_[0-9]+]] = [[X]][{{.*}}]{{$}}
