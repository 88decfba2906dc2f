-- ARGS: --dump-after=loops --verify-ir
-- Array literals longer than eight elements are data, not a select per element at
-- every read (which made a literal of n elements cost n^2 to compile and to run).
-- A literal of constants is a constant array of the program, read where it is used
-- (here indexed by a computed position and summed), without a copy.
entry table(k: i64): f64 =
  let a = [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5]
  in a[(k * 3) % 10] + sum(a)
-- CHECK-LABEL: loops table(
-- CHECK-NEXT: {{^  }}[[C:c_[0-9]+]] = constant f64[10] [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5]{{$}}
-- CHECK-NOT: select
-- CHECK-NOT: alloc
-- CHECK: = [[C]][{{.*}}]{{$}}
-- CHECK: += [[C]][{{.*}}]{{$}}

-- Nested literals of constants are one constant array of their shape, row-major.
entry matrix(i: i64, j: i64): f64 =
  let m = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [10.0, 11.0, 12.0],
           [13.0, 14.0, 15.0], [16.0, 17.0, 18.0], [19.0, 20.0, 21.0], [22.0, 23.0, 24.0],
           [25.0, 26.0, 27.0]]
  in m[i, j]
-- CHECK-LABEL: loops matrix(
-- CHECK-NEXT: {{^  }}[[M:c_[0-9]+]] = constant f64[9, 3] [1.0, 2.0, 3.0, 4.0, {{.*}}, 26.0, 27.0]{{$}}
-- CHECK-NOT: select
-- CHECK: = [[M]][[[I:i_[0-9]+]], [[J:j_[0-9]+]]]{{$}}

-- Some elements computed: the constants are copied from data in one loop, and each
-- computed element is stored on its own, once.
entry mixed(x: f64, k: i64): f64 =
  let a = [x, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, x * 2.0]
  in a[k] * a[(k + 1) % 10]
-- CHECK-LABEL: loops mixed(
-- CHECK-SAME: [[X:x_[0-9]+]]: f64
-- CHECK-NEXT: {{^  }}[[T:c_[0-9]+]] = constant f64[10] [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 0.0]{{$}}
-- CHECK-NEXT: {{^  }}[[B:t_[0-9]+]] = alloc f64[10]{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[I:i_[0-9]+]] < 10 work 1:{{$}}
-- CHECK-NEXT: {{^    }}[[B]][[[I]]] = [[T]][[[I]]]{{$}}
-- CHECK-NEXT: {{^  }}[[B]][0] = [[X]]{{$}}
-- CHECK-NEXT: {{^  }}[[B]][9] = [[X]] * 2.0{{$}}
-- CHECK-NOT: select

-- Up to eight elements, a literal is still a select per element where it is read.
entry short(k: i64): f64 = [0.25, 0.5, 0.75][k]
-- CHECK-LABEL: loops short(
-- CHECK-NOT: constant
-- CHECK: select
