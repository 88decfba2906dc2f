-- ARGS: --dump-after=tabulate --verify-ir --strict-fp
-- With --strict-fp a floating-point sum adds its terms in the interpreter's order, so a
-- sum over a suffix of invariant terms stays a loop per row (loops/Tabulate.cpp). Integer
-- sums are exact in any order and still read a table.
entry triangleGather(a: [n, n]f64, x: [n]f64): [n]f64 =
  matvec(gather([n, n], a, \i j -> [i, if j <= i then j else n]), x)
-- CHECK-LABEL: loops triangleGather(
-- CHECK-NOT: table_
-- CHECK: {{^    }}for {{r_[0-9]+}} in [{{at_[0-9]+}}, {{n_[0-9]+}}):{{$}}
-- CHECK-NEXT: {{^      }}f64 [[Z:safe_[0-9]+]] = 0.0{{$}}
-- CHECK-NEXT: {{^      }}{{sum_[0-9]+}} += [[Z]] * {{x_[0-9]+}}[{{r_[0-9]+}}] (in order){{$}}

entry inclusive(a: [n]i64): [n]i64 =
  build([n], \i -> sum(build([n], \j -> if j <= i then a[j] else 0)))
-- CHECK-LABEL: loops inclusive(
-- CHECK: {{^  }}[[T:table_[0-9]+]] = alloc i64[{{n_[0-9]+}} + 1]{{$}}
-- CHECK: {{^    }}{{sum_[0-9]+}} += [[T]][{{to_[0-9]+}}]{{$}}
