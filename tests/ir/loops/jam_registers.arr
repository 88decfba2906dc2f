-- ARGS: --dump-after=jam --verify-ir --disable-pass=tile
-- The tile pass is off: it would take both as products (tile.arr).
-- Unroll-and-jam keeps the values its copies hold across the inner loop within the
-- registers (loops/Jam.cpp, heldValues). A 1 x 1 convolution row by row: the row of
-- partial sums is updated by four channels at once, holding their four weights.
entry pointwise(w: [co, ci]f64, x: [ci, h, v]f64): [co, h, v]f64 =
  build([co, h, v], \o r c -> sum(build([ci], \i -> w[o, i] * x[i, r, c])))
-- CHECK-LABEL: loops pointwise(
-- CHECK-SAME: {{w_[0-9]+}}: *f64[{{.*}}], [[X:x_[0-9]+]]: *f64[{{.*}}])
-- CHECK: {{^      }}for [[I:r_[0-9]+]] in [0, {{r_[0-9]+}}) step 4:{{$}}
-- CHECK-NEXT: {{^        }}for [[C:i_[0-9]+]] < {{v_[0-9]+}}:{{$}}
-- CHECK-NEXT: {{^          }}[[ROW:row_[0-9]+]][[[C]]] += {{w_[0-9]+}}[{{i_[0-9]+}}, [[I]]] * [[X]][[[I]], {{i_[0-9]+}}, [[C]]]{{$}}
-- CHECK-NEXT: {{^          }}[[ROW]][[[C]]] += {{w_[0-9]+}}[{{i_[0-9]+}}, [[I]] + 1] * [[X]][[[I]] + 1, {{i_[0-9]+}}, [[C]]]{{$}}

-- A 3 x 3 convolution holds nine weights per channel: four channels' 36 would not fit,
-- and every vector of the row would load them again. The loop over the channels stays.
entry conv(w: [co, ci, 3, 3]f64, x: [ci, h, v]f64): [co, h, v]f64 =
  build([co, h, v], \o r c ->
    sum(build([ci], \i ->
      sum(build([3], \p -> sum(build([3], \q -> w[o, i, p, q] * x[i, r + p - 1, c + q - 1])))))))
-- CHECK-LABEL: loops conv(
-- CHECK: {{^      }}for [[I:r_[0-9]+]] < {{ci_[0-9]+}}:{{$}}
-- CHECK-NEXT: {{^        }}for [[C:i_[0-9]+]] < {{v_[0-9]+}}:{{$}}
-- CHECK-NOT: step 4
