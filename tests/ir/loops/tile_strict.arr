-- ARGS: --dump-after=tile --verify-ir --strict-fp --target-cpu=skylake-avx512
-- With --strict-fp, a product written as updates of its result keeps its updates: adding
-- an element's terms as one sum first and then to the element would regroup them
-- (loops/Tile.cpp, tileUpdates). A product written as sums is tiled as in the default
-- mode, since each element still adds its terms in order.
def rowsLoss(x: [n, k]f64, w: [m, k]f64, c: [n, m]f64): f64 =
  sum(sum((map(\row -> map(\j -> dot(row, w[j]), iota(m)), x) - c) ** 2.0))
entry rowsGradW(x: [n, k]f64, w: [m, k]f64, c: [n, m]f64): [m, k]f64 =
  grad(\v -> rowsLoss(x, v, c))(w)
-- CHECK-LABEL: loops rowsGradW(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[X:x_[0-9]+]]: *f64[{{.*}}], [[W:w_[0-9]+]]: *f64[{{.*}}], [[C:c_[0-9]+]]: *f64[{{.*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{.*}}]):
-- The forward product (dot of rows) is tiled.
-- CHECK: {{^        }}{{sum_[0-9]+}} += broadcast([[X]][{{i_[0-9]+}} + 7, {{r_[0-9]+}}], 16) * {{panel_[0-9]+}}[{{.*}}] (in order){{$}}
-- The updates stay.
-- CHECK: {{^  }}parallel for [[U:i_[0-9]+]] < [[M]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}for [[L:r_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^      }}for [[V:i_[0-9]+]] < [[K]]:{{$}}
-- CHECK-NEXT: {{^        }}{{t_[0-9]+}}[[[U]], [[V]]] += {{t_[0-9]+}}[[[L]], [[U]]] * [[X]][[[L]], [[V]]] (in order){{$}}
-- CHECK-NOT: += sum_

-- A convolution's sum of sums stays one sum per channel and tap: adding the taps' terms
-- to the channels' sum would regroup them. Not tiled.
entry conv2d(w: [k, ci, 3, 3]f64, x: [ci, h, v]f64): [k, h, v]f64 =
  build([k, h, v], \o r c ->
    sum(build([ci], \i -> sum(build([3], \p -> sum(build([3], \q -> w[o, i, p, q] * x[i, r + p - 1, c + q - 1])))))))
-- CHECK-LABEL: loops conv2d(
-- CHECK-NOT: panel
-- CHECK: {{^          }}for {{r_[0-9]+}} < 3:{{$}}
-- CHECK-NEXT: {{^            }}f64 [[S:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NOT: panel
