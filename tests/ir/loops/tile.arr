-- ARGS: --dump-after=tile --verify-ir --target-cpu=skylake-avx512
-- Register tiles of products (loops/Tile.cpp): the operand that moves with the
-- columns is packed into panels of 16 columns, contiguous per term; then tiles of
-- 8 rows by 16 columns (with AVX-512's 32 registers of 64 bytes; tile_avx2.arr has
-- AVX2's), each row one vector accumulator of 16 lanes for the whole reduction, in one parallel loop over all tiles; the last rows one at a time, the
-- last columns by the original nest.
entry mm(a: [n, k]f64, b: [k, m]f64): [n, m]f64 = matmul(a, b)
-- CHECK-LABEL: loops mm(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[[[N]], [[K]]], [[B:b_[0-9]+]]: *f64[[[K]], [[M]]]) -> ([[OUT:out0_[0-9]+]]: *f64[[[N]], [[M]]]):
-- CHECK: {{^  }}i64 [[CEND:i_[0-9]+]] = (max([[M]], 0) /u 16) * 16{{$}}
-- CHECK-NEXT: {{^  }}i64 [[REND:i_[0-9]+]] = (max([[N]], 0) /u 8) * 8{{$}}
-- CHECK-NEXT: {{^  }}i64 [[PANELS:panels_[0-9]+]] = [[CEND]] /u 16{{$}}
-- CHECK-NEXT: {{^  }}i64 [[TILES:tiles_[0-9]+]] = [[REND]] /u 8{{$}}
-- The panels' loads run only when there is a row to run them for.
-- CHECK-NEXT: {{^  }}if 0 < [[N]]:{{$}}
-- CHECK-NEXT: {{^    }}[[P:panel_[0-9]+]] = alloc f64[[[PANELS]], max([[K]], 0), 16]{{$}}
-- CHECK-NEXT: {{^    }}parallel for [[Q:panel_[0-9]+]] < [[PANELS]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^      }}for [[L:r_[0-9]+]] < [[K]]:{{$}}
-- CHECK-NEXT: {{^        }}for [[JJ:i_[0-9]+]] < 16:{{$}}
-- CHECK-NEXT: {{^          }}[[P]][[[Q]], [[L]], [[JJ]]] = [[B]][[[L]], ([[Q]] * 16) + [[JJ]]]{{$}}
-- CHECK-NEXT: {{^    }}parallel for [[T:tile_[0-9]+]] < [[PANELS]] * [[TILES]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^      }}i64 [[J:panel_[0-9]+]] = [[T]] /u [[TILES]]{{$}}
-- CHECK-NEXT: {{^      }}i64 [[I:i_[0-9]+]] = ([[T]] %u [[TILES]]) * 8{{$}}
-- CHECK-NEXT: {{^      }}f64x16 [[S0:sum_[0-9]+]] = broadcast(-0.0, 16){{$}}
-- CHECK-COUNT-6: {{^      }}f64x16 {{sum_[0-9]+}} = broadcast(-0.0, 16){{$}}
-- CHECK-NEXT: {{^      }}f64x16 [[S7:sum_[0-9]+]] = broadcast(-0.0, 16){{$}}
-- CHECK-NEXT: {{^      }}for [[R:r_[0-9]+]] < [[K]]:{{$}}
-- CHECK-NEXT: {{^        }}[[S0]] += broadcast([[A]][[[I]], [[R]]], 16) * [[P]][[[J]], [[R]], 0:16]{{$}}
-- CHECK-NEXT: {{^        }}{{sum_[0-9]+}} += broadcast([[A]][[[I]] + 1, [[R]]], 16) * [[P]][[[J]], [[R]], 0:16]{{$}}
-- CHECK-COUNT-5: {{^        }}{{sum_[0-9]+}} += broadcast([[A]][[[I]] + {{[2-6]}}, [[R]]], 16) * [[P]][[[J]], [[R]], 0:16]{{$}}
-- CHECK-NEXT: {{^        }}[[S7]] += broadcast([[A]][[[I]] + 7, [[R]]], 16) * [[P]][[[J]], [[R]], 0:16]{{$}}
-- CHECK-NEXT: {{^      }}[[OUT]][[[I]], [[J]] * 16:16] = select([[K]] == 0, broadcast(0.0, 16), [[S0]]){{$}}
-- CHECK-COUNT-6: {{^      }}[[OUT]][[[I]] + {{[1-6]}}, [[J]] * 16:16] = select([[K]] == 0, broadcast(0.0, 16), {{sum_[0-9]+}}){{$}}
-- CHECK-NEXT: {{^      }}[[OUT]][[[I]] + 7, [[J]] * 16:16] = select([[K]] == 0, broadcast(0.0, 16), [[S7]]){{$}}
-- CHECK-NEXT: {{^    }}for [[J1:panel_[0-9]+]] < [[PANELS]]:{{$}}
-- CHECK-NEXT: {{^      }}for [[I1:i_[0-9]+]] in [[[REND]], [[N]]) at most 7:{{$}}
-- CHECK-NEXT: {{^        }}f64x16 [[S:sum_[0-9]+]] = broadcast(-0.0, 16){{$}}
-- CHECK-NEXT: {{^        }}for [[R1:r_[0-9]+]] < [[K]]:{{$}}
-- CHECK-NEXT: {{^          }}[[S]] += broadcast([[A]][[[I1]], [[R1]]], 16) * [[P]][[[J1]], [[R1]], 0:16]{{$}}
-- CHECK-NEXT: {{^        }}[[OUT]][[[I1]], [[J1]] * 16:16] = select([[K]] == 0, broadcast(0.0, 16), [[S]]){{$}}
-- CHECK-NEXT: {{^    }}free [[P]]{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[I2:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}for [[J2:i_[0-9]+]] in [[[CEND]], [[M]]) at most 15:{{$}}
-- CHECK-NEXT: {{^      }}f64 [[S4:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^      }}for [[R2:r_[0-9]+]] < [[K]]:{{$}}
-- CHECK-NEXT: {{^        }}[[S4]] += [[A]][[[I2]], [[R2]]] * [[B]][[[R2]], [[J2]]]{{$}}

-- A product with a transposed matrix (b's rows are the columns): the same tiles,
-- the panel packed across b's rows. Statements after the sum run in lanes too,
-- their loads contiguous in the columns.
entry abt(a: [n, k]f64, b: [m, k]f64, c: [n, m]f64): [n, m]f64 =
  build([n, m], \i j -> sum(a[i] * b[j]) * c[i, j])
-- CHECK-LABEL: loops abt(
-- CHECK-SAME: [[A:a_[0-9]+]]: *f64[{{.*}}], [[B:b_[0-9]+]]: *f64[{{.*}}], [[C:c_[0-9]+]]: *f64[{{.*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{.*}}]):
-- CHECK: {{^          }}[[P:panel_[0-9]+]][[[Q:panel_[0-9]+]], [[L:r_[0-9]+]], [[JJ:i_[0-9]+]]] = [[B]][([[Q]] * 16) + [[JJ]], [[L]]]{{$}}
-- CHECK: {{^      }}i64 [[J:panel_[0-9]+]] = {{.*}}
-- CHECK: {{^        }}[[S0:sum_[0-9]+]] += broadcast([[A]][[[I:i_[0-9]+]], [[T:r_[0-9]+]]], 16) * [[P]][[[J]], [[T]], 0:16]{{$}}
-- CHECK: {{^      }}[[OUT]][[[I]], [[J]] * 16:16] = {{.*}}[[S0]]{{.*}} * [[C]][[[I]], [[J]] * 16:16]{{$}}

-- A product of a transposed matrix (a's columns are the rows): the row operand would
-- be read down a's columns, a row of a apart per term, so it is packed too, per tile of
-- eight rows (when there is a panel to use it), each term's eight elements side by side.
entry atb(a: [k, n]f64, b: [k, m]f64): [n, m]f64 = matmul(transpose(a), b)
-- CHECK-LABEL: loops atb(
-- CHECK-SAME: [[K:k_[0-9]+]]: size, [[N:n_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[{{.*}}], [[B:b_[0-9]+]]: *f64[{{.*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{.*}}]):
-- CHECK: {{^    }}i64 [[TILES:tiles_[0-9]+]] = {{.*}}
-- CHECK: {{^          }}[[P:panel_[0-9]+]][[[Q:panel_[0-9]+]], [[L:r_[0-9]+]], [[JJ:i_[0-9]+]]] = [[B]][[[L]], ([[Q]] * 16) + [[JJ]]]{{$}}
-- CHECK: {{^    }}[[ROWS:rows_[0-9]+]] = alloc f64[[[TILES]], max([[K]], 0), 8]{{$}}
-- CHECK-NEXT: {{^    }}if 0 < {{panels_[0-9]+}}:{{$}}
-- CHECK-NEXT: {{^      }}parallel for [[RT:tile_[0-9]+]] < [[TILES]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^        }}for [[RL:r_[0-9]+]] < [[K]]:{{$}}
-- CHECK-NEXT: {{^          }}for [[R:i_[0-9]+]] < 8:{{$}}
-- CHECK-NEXT: {{^            }}[[ROWS]][[[RT]], [[RL]], [[R]]] = [[A]][[[RL]], ([[RT]] * 8) + [[R]]]{{$}}
-- CHECK: {{^      }}parallel for [[T:tile_[0-9]+]] < {{.*}}:{{$}}
-- CHECK: {{^        }}{{sum_[0-9]+}} += broadcast([[ROWS]][[[T]] %u [[TILES]], [[L2:r_[0-9]+]], 7], 16) * [[P]][{{panel_[0-9]+}}, [[L2]], 0:16]{{$}}
-- The last rows, one at a time, read a as it is.
-- CHECK: {{^          }}{{sum_[0-9]+}} += broadcast([[A]][{{r_[0-9]+}}, {{i_[0-9]+}}], 16) * [[P]][{{.*}}]{{$}}
-- CHECK: {{^    }}free [[ROWS]]{{$}}

-- A row operand computed from loads (an activation the product reads without storing
-- it) is packed as a value: computed once per element instead of once per panel, and
-- a tile broadcasts it from the packed block. The last rows compute it in place.
entry activated(a: [n, k]f64, b: [k, m]f64): [n, m]f64 = matmul(map(relu, a), b)
-- CHECK-LABEL: loops activated(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[{{.*}}], [[B:b_[0-9]+]]: *f64[{{.*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{.*}}]):
-- CHECK: {{^    }}i64 [[TILES:tiles_[0-9]+]] = {{.*}}
-- CHECK: {{^    }}[[ROWS:rows_[0-9]+]] = alloc f64[[[TILES]], max([[K]], 0), 8]{{$}}
-- CHECK-NEXT: {{^    }}if 0 < {{panels_[0-9]+}}:{{$}}
-- CHECK-NEXT: {{^      }}parallel for [[RT:tile_[0-9]+]] < [[TILES]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^        }}for [[RL:r_[0-9]+]] < [[K]]:{{$}}
-- CHECK-NEXT: {{^          }}for [[R:i_[0-9]+]] < 8:{{$}}
-- CHECK-NEXT: {{^            }}[[ROWS]][[[RT]], [[RL]], [[R]]] = max([[A]][([[RT]] * 8) + [[R]], [[RL]]], 0.0){{$}}
-- CHECK: {{^      }}parallel for [[T:tile_[0-9]+]] < {{.*}}:{{$}}
-- CHECK: {{^        }}f64 [[X:arg_[0-9]+]] = [[ROWS]][[[T]] %u [[TILES]], [[L:r_[0-9]+]], 7]{{$}}
-- CHECK-NEXT: {{^        }}{{sum_[0-9]+}} += broadcast([[X]], 16) * {{panel_[0-9]+}}[{{panel_[0-9]+}}, [[L]], 0:16]{{$}}
-- CHECK: {{^          }}f64 [[Y:arg_[0-9]+]] = max([[A]][{{i_[0-9]+}}, {{r_[0-9]+}}], 0.0){{$}}
-- CHECK: {{^    }}free [[ROWS]]{{$}}

-- Packed whole: the activation of a transposed matrix is one value, not its load alone.
entry activatedT(a: [k, n]f64, b: [k, m]f64): [n, m]f64 = matmul(transpose(map(relu, a)), b)
-- CHECK-LABEL: loops activatedT(
-- CHECK-SAME: [[K:k_[0-9]+]]: size, [[N:n_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[{{.*}}], [[B:b_[0-9]+]]: *f64[{{.*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{.*}}]):
-- CHECK: {{^            }}[[ROWS:rows_[0-9]+]][[[RT:tile_[0-9]+]], [[RL:r_[0-9]+]], [[R:i_[0-9]+]]] = max([[A]][[[RL]], ([[RT]] * 8) + [[R]]], 0.0){{$}}
-- CHECK: {{^        }}f64 {{transpose_[0-9]+}} = [[ROWS]][{{tile_[0-9]+}} %u {{tiles_[0-9]+}}, {{r_[0-9]+}}, 0]{{$}}

-- The largest value of a term that moves with the rows and the terms only: here the
-- product a * c, which the term then multiplies by b.
entry masked(a: [n, k]f64, c: [n, k]f64, b: [k, m]f64): [n, m]f64 =
  build([n, m], \i j -> sum(build([k], \l -> a[i, l] * c[i, l] * b[l, j])))
-- CHECK-LABEL: loops masked(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[{{.*}}], [[C:c_[0-9]+]]: *f64[{{.*}}], [[B:b_[0-9]+]]: *f64[{{.*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{.*}}]):
-- CHECK: {{^            }}[[ROWS:rows_[0-9]+]][[[RT:tile_[0-9]+]], [[RL:r_[0-9]+]], [[R:i_[0-9]+]]] = [[A]][([[RT]] * 8) + [[R]], [[RL]]] * [[C]][([[RT]] * 8) + [[R]], [[RL]]]{{$}}
-- CHECK: {{^        }}{{sum_[0-9]+}} += broadcast([[ROWS]][{{tile_[0-9]+}} %u {{tiles_[0-9]+}}, [[L:r_[0-9]+]], 3], 16) * {{panel_[0-9]+}}[{{panel_[0-9]+}}, [[L]], 0:16]{{$}}

-- A product written as updates of its result, one term at a time (the reverse pass of
-- dot(row, w[j]) adds each term into w's adjoint row: for j: for r: for i: t[j, i] +=
-- dz[r, j] * x[r, i]): the updates become one sum per element, added to it after the
-- reduction, and that nest is tiled. Here dz[r, j] is read down its columns, so it is
-- packed per tile of rows too.
def rowsLoss(x: [n, k]f64, w: [m, k]f64, c: [n, m]f64): f64 =
  sum(sum((map(\row -> map(\j -> dot(row, w[j]), iota(m)), x) - c) ** 2.0))
entry rowsGradW(x: [n, k]f64, w: [m, k]f64, c: [n, m]f64): [m, k]f64 =
  grad(\v -> rowsLoss(x, v, c))(w)
-- CHECK-LABEL: loops rowsGradW(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[X:x_[0-9]+]]: *f64[{{.*}}], [[W:w_[0-9]+]]: *f64[{{.*}}], [[C:c_[0-9]+]]: *f64[{{.*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{.*}}]):
-- CHECK: {{^  }}[[T:t_[0-9]+]] = alloc f64[[[M]], [[K]]]{{$}}
-- CHECK: {{^          }}[[P:panel_[0-9]+]][[[Q:panel_[0-9]+]], [[L:r_[0-9]+]], [[JJ:i_[0-9]+]]] = [[X]][[[L]], ([[Q]] * 16) + [[JJ]]]{{$}}
-- CHECK: {{^            }}[[ROWS:rows_[0-9]+]][{{.*}}] = [[DZ:t_[0-9]+]][{{r_[0-9]+}}, ({{tile_[0-9]+}} * 8) + {{i_[0-9]+}}]{{$}}
-- CHECK: {{^        }}[[S:sum_[0-9]+]] += broadcast([[ROWS]][{{.*}}, 7], 16) * [[P]][{{.*}}]{{$}}
-- CHECK: {{^      }}[[T]][{{i_[0-9]+}} + 7, {{panel_[0-9]+}} * 16:16] += [[S]]{{$}}
-- The last columns: the same sums, one element at a time.
-- CHECK: {{^  }}parallel for [[U:i_[0-9]+]] < [[M]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}for [[V:i_[0-9]+]] in [{{i_[0-9]+}}, [[K]]) at most 15:{{$}}
-- CHECK-NEXT: {{^      }}f64 [[S1:sum_[0-9]+]] = -0.0{{$}}
-- CHECK-NEXT: {{^      }}for [[L1:r_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^        }}[[S1]] += [[DZ]][[[L1]], [[U]]] * [[X]][[[L1]], [[V]]]{{$}}
-- CHECK-NEXT: {{^      }}[[T]][[[U]], [[V]]] += [[S1]]{{$}}

-- Sums that feed more than a store of their own element (here a read across the
-- columns, c[j, i]) are split off: the tiles store them into a temporary, which the
-- rest of the nest reads in its own order.
entry strided(a: [n, k]f64, b: [k, m]f64, c: [m, n]f64): [n, m]f64 =
  build([n, m], \i j -> sum(build([k], \l -> a[i, l] * b[l, j])) + c[j, i])
-- CHECK-LABEL: loops strided(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[{{.*}}], [[B:b_[0-9]+]]: *f64[{{.*}}], [[C:c_[0-9]+]]: *f64[{{.*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{.*}}]):
-- CHECK: {{^  }}[[SUMS:sums_[0-9]+]] = alloc f64[max([[N]], 0), max([[M]], 0)]{{$}}
-- CHECK: {{^        }}{{sum_[0-9]+}} += broadcast([[A]][{{.*}}], 16) * {{panel_[0-9]+}}[{{panel_[0-9]+}}, {{r_[0-9]+}}, 0:16]{{$}}
-- CHECK: {{^      }}[[SUMS]][{{i_[0-9]+}} + 7, {{panel_[0-9]+}} * 16:16] = {{sum_[0-9]+}}{{$}}
-- CHECK: {{^      }}[[SUMS]][{{i_[0-9]+}}, {{i_[0-9]+}}] = {{sum_[0-9]+}}{{$}}
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}for [[J:i_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^      }}[[OUT]][[[I]], [[J]]] = select([[K]] == 0, 0.0, [[SUMS]][[[I]], [[J]]]) + [[C]][[[J]], [[I]]]{{$}}
-- CHECK-NEXT: {{^  }}free [[SUMS]]{{$}}

-- A loss summed over the product's elements: the collapse pass has made the sum of
-- column sums one sum over rows and columns, rows outside, so the temporary is laid
-- out as the product and the panel packs b's columns; the loss reads it row by row.
entry loss(a: [n, k]f64, b: [k, m]f64, c: [n, m]f64): f64 = sum(sum((matmul(a, b) - c) ** 2.0))
-- CHECK-LABEL: loops loss(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[{{.*}}], [[B:b_[0-9]+]]: *f64[{{.*}}], [[C:c_[0-9]+]]: *f64[{{.*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[]):
-- CHECK: {{^  }}[[SUMS:sums_[0-9]+]] = alloc f64[max([[N]], 0), max([[M]], 0)]{{$}}
-- CHECK: {{^        }}{{panel_[0-9]+}}[[[Q:panel_[0-9]+]], [[L:r_[0-9]+]], [[JJ:r_[0-9]+]]] = [[B]][[[L]], ([[Q]] * 16) + [[JJ]]]{{$}}
-- CHECK: {{^  }}parallel for [[I:r_[0-9]+]] < [[N]] work {{.*}} reduce {{sum_[0-9]+}} +:{{$}}
-- CHECK-NEXT: {{^    }}for [[J:r_[0-9]+]] < [[M]]:{{$}}
-- CHECK-NEXT: {{^      }}{{sum_[0-9]+}} += pow(select([[K]] == 0, 0.0, [[SUMS]][[[I]], [[J]]]) - [[C]][[[I]], [[J]]], 2.0){{$}}
-- CHECK: {{^  }}free [[SUMS]]{{$}}

-- Per column of the product, a loss over its rows: the loop order is the columns
-- outside, rows inside, so the temporary is laid out with the rows last, the tiles'
-- lanes, and the panel packs a's rows.
entry columnLosses(a: [n, k]f64, b: [k, m]f64, c: [m, n]f64): [m]f64 =
  build([m], \j -> sum(build([n], \i -> (sum(build([k], \l -> a[i, l] * b[l, j])) - c[j, i]) ** 2.0)))
-- CHECK-LABEL: loops columnLosses(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[{{.*}}], [[B:b_[0-9]+]]: *f64[{{.*}}], [[C:c_[0-9]+]]: *f64[{{.*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[[[M]]]):
-- CHECK: {{^  }}[[SUMS:sums_[0-9]+]] = alloc f64[max([[M]], 0), max([[N]], 0)]{{$}}
-- CHECK: {{^          }}{{panel_[0-9]+}}[[[Q:panel_[0-9]+]], [[L:r_[0-9]+]], [[II:r_[0-9]+]]] = [[A]][([[Q]] * 16) + [[II]], [[L]]]{{$}}
-- CHECK: {{^    }}for [[I:r_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^      }}{{sum_[0-9]+}} += pow(select([[K]] == 0, 0.0, [[SUMS]][[[J:i_[0-9]+]], [[I]]]) - [[C]][[[J]], [[I]]], 2.0){{$}}
-- CHECK: {{^  }}free [[SUMS]]{{$}}

-- Left alone: the column index used as a value (it would need a vector of indices),
-- and a sum whose terms do not move with the columns (a row sum, nothing to pack).
entry indexValue(a: [n, k]f64, b: [k, m]f64): [n, m]f64 =
  build([n, m], \i j -> sum(build([k], \l -> a[i, l] * b[l, j] * f64(j))))
-- CHECK-LABEL: loops indexValue(
-- CHECK-NOT: panel
-- CHECK-LABEL: loops rowSums(
entry rowSums(a: [n, k]f64, x: [m]f64): [n, m]f64 =
  build([n, m], \i j -> sum(a[i]) + x[j])
-- CHECK-NOT: panel

-- Also left alone: terms that move with the rows only through a mask (each batch's
-- suffix sums), with no operand per row. Trim then halves them, and tabulate reads them
-- from a table of suffix sums per batch (tests/ir/loops/tabulate.arr).
entry maskedSuffixes(x: [b, n]f64): [b, n]f64 =
  build([b, n], \k i -> sum(build([n], \j -> if i <= j then x[k, j] else 0.0)))
-- CHECK-LABEL: loops maskedSuffixes(
-- CHECK-NOT: panel
-- CHECK: {{^        }}{{sum_[0-9]+}} += select({{i_[0-9]+}} <= {{r_[0-9]+}}, {{x_[0-9]+}}[{{i_[0-9]+}}, {{r_[0-9]+}}], 0.0){{$}}

-- A convolution is a product whose reduction is a sum of sums (channels, then taps):
-- where reassociation is allowed it is one sum over their nest, whose iterations are the
-- terms in order (the panel's rows, flattened). In one dimension the product's rows are
-- the output channels and its columns the positions; the input is read from its copy with
-- zero margins (pad).
entry conv1d(w: [k, ci, 3]f64, x: [ci, v]f64): [k, v]f64 =
  build([k, v], \o c -> sum(build([ci], \i -> sum(build([3], \q -> w[o, i, q] * x[i, c + q - 1])))))
-- CHECK-LABEL: loops conv1d(
-- CHECK-SAME: [[CI:ci_[0-9]+]]: size, {{v_[0-9]+}}: size, [[W:w_[0-9]+]]: *f64[{{.*}}],
-- CHECK: {{^    }}[[PANEL:panel_[0-9]+]] = alloc f64[{{panels_[0-9]+}}, max([[CI]], 0) * 3, 16]{{$}}
-- CHECK-NEXT: {{^    }}parallel for [[P:panel_[0-9]+]] < {{panels_[0-9]+}} work {{.*}}:{{$}}
-- CHECK-NEXT: {{^      }}for [[I:r_[0-9]+]] < [[CI]]:{{$}}
-- CHECK-NEXT: {{^        }}for [[Q:r_[0-9]+]] < 3:{{$}}
-- CHECK-NEXT: {{^          }}for [[J:i_[0-9]+]] < 16:{{$}}
-- CHECK-NEXT: {{^            }}[[PANEL]][[[P]], ([[I]] * 3) + [[Q]], [[J]]] = {{padded_[0-9]+}}[[[I]], (([[P]] * 16) + [[J]]) + [[Q]]]{{$}}
-- CHECK: {{^      }}for [[I:r_[0-9]+]] < [[CI]]:{{$}}
-- CHECK-NEXT: {{^        }}for [[Q:r_[0-9]+]] < 3:{{$}}
-- CHECK-NEXT: {{^          }}f64x16 [[B:safe_[0-9]+]] = [[PANEL]][{{panel_[0-9]+}}, ([[I]] * 3) + [[Q]], 0:16]{{$}}
-- CHECK-NEXT: {{^          }}{{sum_[0-9]+}} += broadcast([[W]][[[O:i_[0-9]+]], [[I]], [[Q]]], 16) * [[B]]{{$}}

-- In two dimensions, the image rows r lie between the output channels o (the product's
-- rows) and the columns c, and the packed operand moves with r: r becomes the outer,
-- parallel loop, each r packing its panels once for every tile of channels.
entry conv2d(w: [k, ci, 3, 3]f64, x: [ci, h, v]f64): [k, h, v]f64 =
  build([k, h, v], \o r c ->
    sum(build([ci], \i -> sum(build([3], \p -> sum(build([3], \q -> w[o, i, p, q] * x[i, r + p - 1, c + q - 1])))))))
-- CHECK-LABEL: loops conv2d(
-- CHECK-SAME: [[K:k_[0-9]+]]: size, [[CI:ci_[0-9]+]]: size, [[H:h_[0-9]+]]: size, {{v_[0-9]+}}: size, [[W:w_[0-9]+]]: *f64[{{.*}}], {{x_[0-9]+}}: *f64[{{.*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{.*}}]):
-- CHECK: {{^  }}parallel for [[R:i_[0-9]+]] < [[H]] work {{.*}}:{{$}}
-- CHECK: {{^      }}[[PANEL:panel_[0-9]+]] = alloc f64[{{panels_[0-9]+}}, (max([[CI]], 0) * 3) * 3, 16]{{$}}
-- CHECK-NEXT: {{^      }}for [[P:panel_[0-9]+]] < {{panels_[0-9]+}}:{{$}}
-- CHECK: {{^                }}[[PANEL]][[[P]], ((({{r_[0-9]+}} * 3) + {{r_[0-9]+}}) * 3) + {{r_[0-9]+}}, {{i_[0-9]+}}] = {{padded_[0-9]+}}[{{r_[0-9]+}}, [[R]] + {{r_[0-9]+}}, {{.*}}]{{$}}
-- CHECK: {{^      }}for {{tile_[0-9]+}} < {{.*}}:{{$}}
-- CHECK: {{^              }}{{sum_[0-9]+}} += broadcast([[W]][{{i_[0-9]+}} + 7, {{r_[0-9]+}}, {{r_[0-9]+}}, {{r_[0-9]+}}], 16) * {{safe_[0-9]+}}{{$}}
-- CHECK: {{^        }}[[OUT]][{{i_[0-9]+}} + 7, [[R]], {{panel_[0-9]+}} * 16:16] = select([[CI]] == 0, broadcast(0.0, 16), {{sum_[0-9]+}}){{$}}
-- The last channels (fewer than a tile's), then the last columns, per r.
-- CHECK: {{^        }}for {{i_[0-9]+}} in [{{i_[0-9]+}}, [[K]]) at most 7:{{$}}
-- CHECK: {{^    }}for {{i_[0-9]+}} < [[K]]:{{$}}
-- CHECK-NEXT: {{^      }}for {{i_[0-9]+}} in [{{i_[0-9]+}}, {{v_[0-9]+}}) at most 15:{{$}}

-- A loss over the convolution: its sums are stored per (o, r, c) first, tiled as above,
-- then the loss reads them.
entry convLoss(w: [k, ci, 3, 3]f64, x: [ci, h, v]f64): f64 =
  let y = build([k, h, v], \o r c ->
    sum(build([ci], \i -> sum(build([3], \p -> sum(build([3], \q -> w[o, i, p, q] * x[i, r + p - 1, c + q - 1])))))))
  in sum(build([k], \o -> sum(build([h], \r -> sum(y[o, r] * y[o, r])))))
-- CHECK-LABEL: loops convLoss(
-- CHECK-SAME: [[K:k_[0-9]+]]: size, [[CI:ci_[0-9]+]]: size, [[H:h_[0-9]+]]: size, [[V:v_[0-9]+]]: size,
-- CHECK: {{^  }}[[SUMS:sums_[0-9]+]] = alloc f64[max([[K]], 0), max([[H]], 0), max([[V]], 0)]{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[R:r_[0-9]+]] < [[H]] work {{.*}}:{{$}}
-- CHECK: {{^        }}[[SUMS]][{{r_[0-9]+}} + 7, [[R]], {{panel_[0-9]+}} * 16:16] = {{sum_[0-9]+}}{{$}}
-- CHECK: {{^  }}parallel for [[O:r_[0-9]+]] < [[K]] work {{.*}} reduce {{sum_[0-9]+}} +:{{$}}
-- CHECK: {{^        }}f64 [[Y:y_[0-9]+]] = select([[CI]] == 0, 0.0, [[SUMS]][[[O]], {{r_[0-9]+}}, {{r_[0-9]+}}]){{$}}
-- CHECK: {{^  }}free [[SUMS]]{{$}}

-- With the taps outside the channels, the sum over channels may be empty and is added
-- as select(ci == 0, 0.0, s) (the sum of an empty array is +0.0): the outer sum starts at
-- +0.0 then, and the three sums are one over the nest of taps and channels.
entry convTapsOutside(w: [k, ci, 3, 3]f64, x: [ci, h, v]f64): [k, h, v]f64 =
  build([k, h, v], \o r c ->
    sum(build([3], \p -> sum(build([3], \q ->
      sum(build([ci], \i -> w[o, i, p, q] * x[i, r + p - 1, c + q - 1])))))))
-- CHECK-LABEL: loops convTapsOutside(
-- CHECK-SAME: [[K:k_[0-9]+]]: size, [[CI:ci_[0-9]+]]: size, [[H:h_[0-9]+]]: size,
-- CHECK: {{^  }}parallel for [[R:i_[0-9]+]] < [[H]] work {{.*}}:{{$}}
-- CHECK: {{^      }}[[PANEL:panel_[0-9]+]] = alloc f64[{{panels_[0-9]+}}, max([[CI]], 0) * 9, 16]{{$}}
-- CHECK: {{^        }}f64x16 [[S:sum_[0-9]+]] = broadcast(select([[CI]] == 0, 0.0, -0.0), 16){{$}}
-- CHECK: {{^        }}for {{r_[0-9]+}} < 3:{{$}}
-- CHECK-NEXT: {{^          }}for {{r_[0-9]+}} < 3:{{$}}
-- CHECK-NEXT: {{^            }}for {{r_[0-9]+}} < [[CI]]:{{$}}
