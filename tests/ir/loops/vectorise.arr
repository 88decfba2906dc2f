-- ARGS: --dump-after=vectorise --verify-ir --target-cpu=skylake-avx512 --disable-pass=pad
-- The pad pass is off, so that the reads keep the range checks that split removes.
-- Sums over loop nests accumulated in vector lanes (loops/Vectorise.cpp). Four taps
-- of a correlation along rows: unrolled into the nest over rows and columns (four
-- sums), split so that the middle columns need no range check. Those columns run
-- eight at a time (512-bit vectors of f64), then four at most once, then one at a
-- time; the vector sums live across the whole nest and are added to the scalar sums
-- once, after it.
entry fourTaps(t: [k, h, v]f64, x: [h, v]f64): [k, 4]f64 =
  build([k, 4], \o q -> sum(build([h], \r -> sum(build([v], \c -> t[o, r, c] * x[r, c + q])))))
-- CHECK-LABEL: loops fourTaps(
-- CHECK: {{^  }}parallel for [[O:i_[0-9]+]] < {{k_[0-9]+}} work {{.*}}:{{$}}
-- CHECK: {{^    }}f64 [[S0:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-COUNT-2: {{^    }}f64 sum_{{[0-9]+}} = -0.0{{$}}
-- CHECK: {{^    }}f64 [[S3:sum_[0-9]+]] = -0.0{{$}}
-- CHECK: {{^    }}f64x8 [[V0:sum_[0-9]+]] = broadcast(-0.0, 8){{$}}
-- CHECK-NEXT: {{^    }}f64x8 [[V1:sum_[0-9]+]] = broadcast(-0.0, 8){{$}}
-- CHECK-NEXT: {{^    }}f64x8 [[V2:sum_[0-9]+]] = broadcast(-0.0, 8){{$}}
-- CHECK-NEXT: {{^    }}f64x8 [[V3:sum_[0-9]+]] = broadcast(-0.0, 8){{$}}
-- CHECK-NEXT: {{^    }}f64x4 [[H0:sum_[0-9]+]] = broadcast(-0.0, 4){{$}}
-- CHECK-COUNT-3: {{^    }}f64x4 sum_{{[0-9]+}} = broadcast(-0.0, 4){{$}}
-- CHECK-NEXT: {{^    }}for [[R:r_[0-9]+]] < {{h_[0-9]+}}:{{$}}
-- CHECK: {{^      }}i64 [[END:lanesEnd_[0-9]+]] = [[FROM:from_[0-9]+]] + ((max([[TO:to_[0-9]+]] - [[FROM]], 0) /u 8) * 8){{$}}
-- CHECK-NEXT: {{^      }}for [[C:r_[0-9]+]] in [[[FROM]], [[END]]) step 8:{{$}}
-- CHECK-NEXT: {{^        }}f64x8 [[A:safe_[0-9]+]] = broadcast(0.0, 8){{$}}
-- CHECK-NEXT: {{^        }}[[A]] = {{x_[0-9]+}}[[[R]], [[C]]:8]{{$}}
-- CHECK-NEXT: {{^        }}[[V0]] += {{t_[0-9]+}}[[[O]], [[R]], [[C]]:8] * [[A]]{{$}}
-- CHECK: {{^        }}[[V3]] += {{t_[0-9]+}}[[[O]], [[R]], [[C]]:8] * {{safe_[0-9]+}}{{$}}
-- CHECK-NEXT: {{^      }}i64 [[END4:lanesEnd_[0-9]+]] = [[END]] + ((max([[TO]] - [[END]], 0) /u 4) * 4){{$}}
-- CHECK-NEXT: {{^      }}for [[C]] in [[[END]], [[END4]]) step 4 at most 1:{{$}}
-- CHECK: {{^        }}[[H0]] += {{t_[0-9]+}}[[[O]], [[R]], [[C]]:4] * {{safe_[0-9]+}}{{$}}
-- The last columns of the middle, one at a time, into the scalar sums.
-- CHECK: {{^      }}for [[C]] in [[[END4]], [[TO]]) at most 3:{{$}}
-- CHECK: {{^        }}[[S0]] += {{t_[0-9]+}}[[[O]], [[R]], [[C]]] * {{safe_[0-9]+}}{{$}}
-- CHECK: {{^    }}[[S0]] += reduce+([[V0]]){{$}}
-- CHECK: {{^    }}[[S3]] += reduce+([[V3]]){{$}}
-- CHECK: {{^    }}[[S0]] += reduce+([[H0]]){{$}}
-- CHECK: {{^    }}out0_{{[0-9]+}}[[[O]], 0] = select({{h_[0-9]+}} == 0, 0.0, [[S0]]){{$}}

-- Three sums are too few independent chains of additions: left to LLVM, which
-- vectorises each row with interleaved lanes.
entry threeTaps(t: [k, h, v]f64, x: [h, v]f64): [k, 3]f64 =
  build([k, 3], \o q -> sum(build([h], \r -> sum(build([v], \c -> t[o, r, c] * x[r, c + q])))))
-- CHECK-LABEL: loops threeTaps(
-- CHECK-NOT: f64x
-- CHECK-LABEL: loops weighted(

-- A term that uses the column index as a number keeps the loop scalar.
entry weighted(t: [k, h, v]f64, x: [h, v]f64): [k, 4]f64 =
  build([k, 4], \o q ->
    sum(build([h], \r -> sum(build([v], \c -> t[o, r, c] * x[r, c + q] * f64(c))))))
-- CHECK-NOT: f64x
