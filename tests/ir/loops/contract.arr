-- ARGS: --dump-after=contract --verify-ir
-- The gradient of a softmax cross-entropy is a chain of row-wise nests (the row's
-- maximum, its exponentials, their sum, the scaled softmax, its sum, the argmax):
-- each temporary passes from one nest to the next one row per iteration, so the
-- nests become one loop over the rows and the [b, c] temporaries rows of [c]
-- allocated per iteration; the per-row scalars ([b] temporaries) become locals.
def xent(logits: [b, c]f64, labels: [b]i64): f64 =
  sum(build([b], \i ->
    let m = maximum(logits[i]) in
    log(sum(map(\z -> exp(z - m), logits[i]))) + m - logits[i, labels[i]])) / f64(b)
entry g(logits: [b, c]f64, labels: [b]i64) = grad(\l -> xent(l, labels))(logits)
-- CHECK-LABEL: loops g(
-- CHECK-SAME: [[B:b_[0-9]+]]: size, [[C:c_[0-9]+]]: size, [[L:logits_[0-9]+]]: *f64[[[B]], [[C]]]
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[B]] work
-- CHECK-DAG: {{^    }}[[E:t_[0-9]+]] = alloc f64[[[C]]]{{$}}
-- CHECK-DAG: {{^    }}[[P:t_[0-9]+]] = alloc f64[[[C]]]{{$}}
-- CHECK: {{^    }}f64 [[M:t_[0-9]+]] = [[MX:max_[0-9]+]]{{$}}
-- CHECK: {{^      }}[[E]][[[J:i_[0-9]+]]] = exp([[L]][[[I]], [[J]]] - [[M]]){{$}}
-- CHECK: {{^      }}{{sum_[0-9]+}} += [[E]][{{r_[0-9]+}}]{{$}}
-- CHECK: {{^      }}[[P]][[[K:i_[0-9]+]]] = {{t_[0-9]+}} * [[E]][[[K]]]{{$}}
-- CHECK: {{^      }}out0_{{[0-9]+}}[[[I]], {{i_[0-9]+}}] = {{.*}}[[P]]
-- CHECK-DAG: {{^    }}free [[E]]{{$}}
-- CHECK-DAG: {{^    }}free [[P]]{{$}}
-- CHECK-NOT: {{^  }}{{[a-z]}}

-- Rows normalised, then every column summed: the row sums are read across rows, by
-- a loop over the columns, so they stay a whole [b] array.
entry colsums(x: [b, c]f64): [c]f64 =
  let y = build([b], \i -> let s = sum(x[i]) in map(\v -> v / s, x[i]))
  in build([c], \j -> sum(build([b], \i -> y[i, j] * y[i, j])))
-- CHECK-LABEL: loops colsums(
-- CHECK-SAME: [[B2:b_[0-9]+]]: size
-- CHECK: {{^  }}[[S:t_[0-9]+]] = alloc f64[[[B2]]]{{$}}
-- CHECK: {{^  }}parallel for [[I2:i_[0-9]+]] < [[B2]] work
-- CHECK: {{^    }}[[S]][[[I2]]] = {{.*}}
-- CHECK: {{^  }}parallel for
-- CHECK: / [[S]][{{r_[0-9]+}}]
-- CHECK: {{^  }}free [[S]]{{$}}
