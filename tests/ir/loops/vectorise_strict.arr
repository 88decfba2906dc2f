-- ARGS: --dump-after=vectorise --verify-ir --target-cpu=skylake-avx512 --strict-fp
-- With --strict-fp a sum adds its terms in the interpreter's order: the nest that
-- vectorise.arr accumulates in lanes keeps scalar sums, each adding in order.
entry fourTaps(t: [k, h, v]f64, x: [h, v]f64): [k, 4]f64 =
  build([k, 4], \o q -> sum(build([h], \r -> sum(build([v], \c -> t[o, r, c] * x[r, c + q])))))
-- CHECK-LABEL: loops fourTaps(
-- CHECK-NOT: f64x
-- CHECK-NOT: step 8
-- CHECK: {{^            }}sum_{{[0-9]+}} += t_{{[0-9]+}}[{{.*}}] * safe_{{[0-9]+}} (in order){{$}}
-- CHECK-NOT: f64x
-- CHECK: {{^      }}out0_{{[0-9]+}}[{{i_[0-9]+}}, {{i_[0-9]+}}] = select({{.*}}){{$}}
