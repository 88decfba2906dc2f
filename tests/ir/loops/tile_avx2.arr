-- ARGS: --dump-after=tile --verify-ir --target-cpu=haswell
-- Register tiles sized for AVX2's 16 registers of 32 bytes (loops/Tile.cpp): two
-- registers per row are 8 lanes of f64 (16 of f32), and 6 rows leave the panel's
-- registers and a broadcast free, where AVX-512 (tile.arr) takes 16 lanes and 8 rows.
entry mm(a: [n, k]f64, b: [k, m]f64): [n, m]f64 = matmul(a, b)
-- CHECK-LABEL: loops mm(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[M:m_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[[[N]], [[K]]], [[B:b_[0-9]+]]: *f64[[[K]], [[M]]]) -> ([[OUT:out0_[0-9]+]]: *f64[[[N]], [[M]]]):
-- CHECK: {{^  }}i64 [[CEND:i_[0-9]+]] = (max([[M]], 0) /u 8) * 8{{$}}
-- CHECK-NEXT: {{^  }}i64 [[REND:i_[0-9]+]] = (max([[N]], 0) /u 6) * 6{{$}}
-- CHECK: {{^    }}[[P:panel_[0-9]+]] = alloc f64[{{panels_[0-9]+}}, max([[K]], 0), 8]{{$}}
-- CHECK: {{^        }}{{sum_[0-9]+}} += broadcast([[A]][[[I:i_[0-9]+]] + 5, [[R:r_[0-9]+]]], 8) * [[P]][{{panel_[0-9]+}}, [[R]], 0:8]{{$}}
-- CHECK-NOT: [[I]] + 6

entry mm32(a: [n, k]f32, b: [k, m]f32): [n, m]f32 = matmul(a, b)
-- CHECK-LABEL: loops mm32(
-- CHECK: {{^    }}[[P:panel_[0-9]+]] = alloc f32[{{panels_[0-9]+}}, max({{k_[0-9]+}}, 0), 16]{{$}}
-- CHECK: {{^        }}{{sum_[0-9]+}} += broadcast({{a_[0-9]+}}[{{i_[0-9]+}} + 5, [[R:r_[0-9]+]]], 16) * [[P]][{{panel_[0-9]+}}, [[R]], 0:16]{{$}}
