-- ARGS: --dump-after=unroll --verify-ir --disable-pass=pad
-- The pad pass is off, so that the taps keep their range checks as they are unrolled.
-- Whole unroll-and-jam of short loops (loops/Unroll.cpp). Three taps of a 1-D
-- correlation per channel: the loop over the taps q (extent 3) runs all its
-- iterations in the loop over c, with three accumulators; t[o, c], which every
-- tap reads, is one load (the copies share it after LLVM's CSE).
entry taps(t: [k, n]f64, x: [n]f64): [k, 3]f64 =
  build([k, 3], \o q -> sum(build([n], \c -> t[o, c] * x[c + q - 1])))
-- CHECK-LABEL: loops taps(
-- CHECK-SAME: [[K:k_[0-9]+]]: size, [[N:n_[0-9]+]]: size, [[T:t_[0-9]+]]: *f64[[[K]], [[N]]], [[X:x_[0-9]+]]: *f64[[[N]]]) -> ([[OUT:out0_[0-9]+]]: *f64[[[K]], 3]):
-- CHECK: {{^  }}parallel for [[O:i_[0-9]+]] < [[K]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}f64 [[S0:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^    }}f64 [[S1:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^    }}f64 [[S2:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^    }}for [[C:r_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^      }}f64 [[A:safe_[0-9]+]] = 0.0{{$}}
-- CHECK-NEXT: {{^      }}if (0 <= ([[C]] - 1)) && (([[C]] - 1) < [[N]]):{{$}}
-- CHECK-NEXT: {{^        }}[[A]] = [[X]][[[C]] - 1]{{$}}
-- CHECK-NEXT: {{^      }}[[S0]] += [[T]][[[O]], [[C]]] * [[A]]{{$}}
-- CHECK-NEXT: {{^      }}f64 [[B:safe_[0-9]+]] = 0.0{{$}}
-- CHECK-NEXT: {{^      }}if (0 <= [[C]]) && ([[C]] < [[N]]):{{$}}
-- CHECK-NEXT: {{^        }}[[B]] = [[X]][[[C]]]{{$}}
-- CHECK-NEXT: {{^      }}[[S1]] += [[T]][[[O]], [[C]]] * [[B]]{{$}}
-- CHECK-NEXT: {{^      }}f64 [[D:safe_[0-9]+]] = 0.0{{$}}
-- CHECK-NEXT: {{^      }}if (0 <= ([[C]] + 1)) && (([[C]] + 1) < [[N]]):{{$}}
-- CHECK-NEXT: {{^        }}[[D]] = [[X]][[[C]] + 1]{{$}}
-- CHECK-NEXT: {{^      }}[[S2]] += [[T]][[[O]], [[C]]] * [[D]]{{$}}
-- CHECK-NEXT: {{^    }}[[OUT]][[[O]], 0] = select([[N]] == 0, 0.0, [[S0]]){{$}}
-- CHECK-NEXT: {{^    }}[[OUT]][[[O]], 1] = select([[N]] == 0, 0.0, [[S1]]){{$}}
-- CHECK-NEXT: {{^    }}[[OUT]][[[O]], 2] = select([[N]] == 0, 0.0, [[S2]]){{$}}

-- A 3 x 3 kernel's gradient (tests/bench/conv2d.arr's): both tap loops unrolled
-- through the nest over the image's rows and columns, nine accumulators in its
-- innermost loop, which reads the image's three rows.
entry kernelGrad(dy: [k, h, v]f64, x: [h, v]f64): [k, 3, 3]f64 =
  build([k, 3, 3], \o p q ->
    sum(build([h], \r -> sum(build([v], \c -> dy[o, r, c] * x[r + p - 1, c + q - 1])))))
-- CHECK-LABEL: loops kernelGrad(
-- CHECK: {{^  }}parallel for [[O:i_[0-9]+]] < [[K:k_[0-9]+]] work {{.*}}:{{$}}
-- The row sums were added straight to the kernel's sums (loops/Interchange.cpp):
-- one reduction over the perfect nest of rows and columns.
-- CHECK-COUNT-9: {{^    }}f64 sum_{{[0-9]+}} = -0.0{{$}}
-- CHECK: {{^    }}for [[R:r_[0-9]+]] < h_{{[0-9]+}}:{{$}}
-- CHECK-NEXT: {{^      }}for [[C:r_[0-9]+]] < v_{{[0-9]+}}:{{$}}
-- CHECK-COUNT-9: {{^        }}sum_{{[0-9]+}} += dy_{{[0-9]+}}[[[O]], [[R]], [[C]]] * safe_{{[0-9]+}}{{$}}
-- CHECK-NOT: {{^        }}
-- CHECK: {{^    }}out0_{{[0-9]+}}[[[O]], 0, 0] = {{.*}}
-- CHECK-NOT: {{for i_}}

-- A loop of five iterations is not short: it is left alone.
entry fiveTaps(t: [k, n]f64, x: [n]f64): [k, 5]f64 =
  build([k, 5], \o q -> sum(build([n], \c -> t[o, c] * x[c + q - 2])))
-- CHECK-LABEL: loops fiveTaps(
-- CHECK: {{^    }}for {{i_[0-9]+}} < 5:{{$}}
