-- ARGS: --dump-after=interchange --verify-ir --disable-pass=tile
-- The tile pass is off: it would take channelTaps as a product (tile.arr, conv1d).
-- A sum of column sums (loops/Interchange.cpp): the inner sum over l strides down
-- x's columns. Both sums may be reassociated (LANGUAGE.md §9), so the terms go
-- straight to the outer accumulator with j innermost, contiguous, and no row
-- buffer. With --strict-fp the row form keeps each column's order
-- (interchange_collapse_strict.arr).
entry colsums(x: [k, n, m]f64): [k]f64 =
  build([k], \o -> sum(build([m], \j -> sum(build([n], \l -> x[o, l, j])))))
-- CHECK-LABEL: loops colsums(
-- CHECK-SAME: [[K:k_[0-9]+]]: size, [[N:n_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[X:x_[0-9]+]]: *f64
-- CHECK: {{^  }}parallel for [[O:i_[0-9]+]] < [[K]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}f64 [[S:sum_[0-9]+]] = -0.0{{$}}
-- An empty column sum adds +0.0 (the sum of an empty array): once, after the nest.
-- CHECK-NEXT: {{^    }}if ([[N]] == 0) && (0 < [[M]]):{{$}}
-- CHECK-NEXT: {{^      }}[[S]] += 0.0{{$}}
-- CHECK-NEXT: {{^    }}for [[L:r_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^      }}for [[J:r_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^        }}[[S]] += [[X]][[[O]], [[L]], [[J]]]{{$}}
-- CHECK-NEXT: {{^    }}out0_{{[0-9]+}}[[[O]]] = select([[M]] == 0, 0.0, [[S]]){{$}}
-- CHECK-NOT: alloc

-- A column maximum summed: max and + are different reductions, so the row stays.
entry colmaxsum(x: [k, n, m]f64): [k]f64 =
  build([k], \o -> sum(build([m], \j -> maximum(build([n], \l -> x[o, l, j])))))
-- CHECK-LABEL: loops colmaxsum(
-- CHECK: {{^    }}[[ROW:row_[0-9]+]] = alloc f64[m_{{[0-9]+}}]{{$}}
-- CHECK: {{^        }}[[ROW]][{{r_[0-9]+}}] max= x_

-- Per column, a sum over channels of a sum over three taps: the channel loop strides
-- (x[i, ..] moves a row per channel), so the columns take the row form over the
-- channels first; the sum over taps stays one per column and channel.
entry channelTaps(w: [k, ci, 3]f64, x: [ci, v]f64): [k, v]f64 =
  build([k, v], \o c -> sum(build([ci], \i -> sum(build([3], \q -> w[o, i, q] * x[i, c + q - 1])))))
-- CHECK-LABEL: loops channelTaps(
-- CHECK: {{^    }}[[ROW:row_[0-9]+]] = alloc f64[v_{{[0-9]+}}]{{$}}
-- CHECK: {{^    }}for [[I:r_[0-9]+]] < ci_{{[0-9]+}}:{{$}}
-- CHECK-NEXT: {{^      }}for [[C:i_[0-9]+]] < v_{{[0-9]+}}:{{$}}
-- CHECK-NEXT: {{^        }}f64 [[S:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^        }}for {{r_[0-9]+}} < 3:{{$}}
-- CHECK: {{^        }}[[ROW]][[[C]]] += [[S]]{{$}}
