-- ARGS: --dump-after=pad --verify-ir
-- Arrays read under range checks many times over read a copy with zero margins
-- (loops/Pad.cpp). A 3 x 3 correlation per channel reads each pixel once per channel:
-- x is copied with a margin of one on each side, and the taps read the copy unchecked.
entry channels(w: [k, 3, 3]f64, x: [h, v]f64): [k, h, v]f64 =
  build([k, h, v], \o r c ->
    sum(build([3], \p -> sum(build([3], \q -> w[o, p, q] * x[r + p - 1, c + q - 1])))))
-- CHECK-LABEL: loops channels(
-- CHECK-SAME: [[H:h_[0-9]+]]: size, [[V:v_[0-9]+]]: size, [[W:w_[0-9]+]]: *f64[{{.*}}], [[X:x_[0-9]+]]: *f64[{{.*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{.*}}]):
-- CHECK: {{^  }}[[P:padded_[0-9]+]] = alloc f64[[[H]] + 2, [[V]] + 2]{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[A:i_[0-9]+]] < [[H]] + 2 work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}for [[B:i_[0-9]+]] < [[V]] + 2:{{$}}
-- CHECK-NEXT: {{^      }}f64 [[S:safe_[0-9]+]] = 0.0{{$}}
-- CHECK-NEXT: {{^      }}if ((0 <= ([[A]] - 1)) && (([[A]] - 1) < [[H]])) && ((0 <= ([[B]] - 1)) && (([[B]] - 1) < [[V]])):{{$}}
-- CHECK-NEXT: {{^        }}[[S]] = [[X]][[[A]] - 1, [[B]] - 1]{{$}}
-- CHECK-NEXT: {{^      }}[[P]][[[A]], [[B]]] = [[S]]{{$}}
-- CHECK: {{^    }}for [[R:i_[0-9]+]] < [[H]]:{{$}}
-- CHECK-NEXT: {{^      }}for [[C:i_[0-9]+]] < [[V]]:{{$}}
-- CHECK: {{^            }}f64 [[T:safe_[0-9]+]] = [[P]][[[R]] + {{r_[0-9]+}}, [[C]] + {{r_[0-9]+}}]{{$}}
-- CHECK-NEXT: {{^            }}{{sum_[0-9]+}} += [[W]][{{.*}}] * [[T]]{{$}}
-- CHECK: {{^  }}free [[P]]{{$}}
-- CHECK-NOT: if

-- A stencil reads each element three times, with no loop around the reads that does not
-- move them: a copy would cost as much as the checks. They stay.
entry stencil(x: [n]f64): [n]f64 =
  build([n], \i -> x[i - 1] + x[i] + x[i + 1])
-- CHECK-LABEL: loops stencil(
-- CHECK-NOT: padded
-- CHECK: {{^    }}if (0 <= ({{i_[0-9]+}} - 1)) && (({{i_[0-9]+}} - 1) < {{n_[0-9]+}}):{{$}}
-- CHECK: {{^    }}if (0 <= ({{i_[0-9]+}} + 1)) && (({{i_[0-9]+}} + 1) < {{n_[0-9]+}}):{{$}}

-- Taps that never leave the array (i + p < n for i < n - 2, p < 3) lose their checks
-- without a copy.
entry inside(x: [n]f64, w: [k, 3]f64): [k, n - 2]f64 =
  build([k, n - 2], \o i -> sum(build([3], \p -> w[o, p] * x[i + p])))
-- CHECK-LABEL: loops inside(
-- CHECK-SAME: [[X:x_[0-9]+]]: *f64[{{.*}}], {{w_[0-9]+}}: *f64[{{.*}}])
-- CHECK-NOT: padded
-- CHECK: {{^        }}f64 {{safe_[0-9]+}} = [[X]][{{i_[0-9]+}} + {{r_[0-9]+}}]{{$}}
-- CHECK-NOT: if

-- Taps reaching two elements below the array and none past it: margins of two and zero.
entry lopsided(x: [n]f64, w: [k, 3]f64): [k, n]f64 =
  build([k, n], \o i -> sum(build([3], \p -> w[o, p] * x[i + p - 2])))
-- CHECK-LABEL: loops lopsided(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, {{k_[0-9]+}}: size, [[X:x_[0-9]+]]: *f64[{{.*}}]
-- CHECK: {{^  }}[[P:padded_[0-9]+]] = alloc f64[[[N]] + 2]{{$}}
-- CHECK: {{^      }}{{safe_[0-9]+}} = [[X]][{{i_[0-9]+}} - 2]{{$}}
-- CHECK: {{^        }}f64 {{safe_[0-9]+}} = [[P]][{{i_[0-9]+}} + {{r_[0-9]+}}]{{$}}

-- A read whose reach past the array grows with its size (2 i - 1 < n) keeps its check.
entry strided(x: [n]f64, w: [k]f64): [k, n]f64 =
  build([k, n], \o i -> w[o] * x[2 * i - 1])
-- CHECK-LABEL: loops strided(
-- CHECK-NOT: padded
-- CHECK: {{^      }}if (0 <= (({{i_[0-9]+}} * 2) - 1)) && ((({{i_[0-9]+}} * 2) - 1) < {{n_[0-9]+}}):{{$}}

-- One check for two dimensions that read the same index: both get a margin.
entry diagonal(x: [n, n]f64, w: [k]f64): [k, n]f64 =
  build([k, n], \o i -> w[o] * x[i - 1, i - 1])
-- CHECK-LABEL: loops diagonal(
-- CHECK-SAME: [[N:n_[0-9]+]]: size,
-- CHECK: {{^  }}[[P:padded_[0-9]+]] = alloc f64[[[N]] + 1, [[N]] + 1]{{$}}
-- CHECK: {{^      }}f64 {{safe_[0-9]+}} = [[P]][[[I:i_[0-9]+]], [[I]]]{{$}}
