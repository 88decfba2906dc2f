-- ARGS: --dump-after=fuse --verify-ir
-- Fusion of sibling loops (loops/Fuse.cpp): loops over the same range whose
-- iterations meet only at the same index run as one, when they compute a costly
-- value in common or the second does not read what the first writes.

-- Independent elementwise results: one loop.
entry independent(x: [n]f64, y: [n]f64): ([n]f64, [n]f64) = (x * 2.0, y + 1.0)
-- CHECK-LABEL: loops independent(
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < {{n_[0-9]+}} work 2:{{$}}
-- CHECK-NEXT: {{^    }}{{out0_[0-9]+}}[[[I]]] = {{x_[0-9]+}}[[[I]]] * 2.0{{$}}
-- CHECK-NEXT: {{^    }}{{out1_[0-9]+}}[[[I]]] = {{y_[0-9]+}}[[[I]]] + 1.0{{$}}

-- The same exp(x[i]) in the loop that stores it and in one that reads the stored
-- value back at the same index: the second moves up past the copy between them and
-- joins the first (LLVM then computes exp(x[i]) once).
entry sharedConsumer(x: [n]f64): ([n]f64, [n]f64) =
  let e = exp(x) in (e + 1.0, build([n], \i -> exp(x[i]) * e[i]))
-- CHECK-LABEL: loops sharedConsumer(
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < {{n_[0-9]+}} work 2:{{$}}
-- CHECK-NEXT: {{^    }}[[T:t_[0-9]+]][[[I]]] = exp({{x_[0-9]+}}[[[I]]]){{$}}
-- CHECK-NEXT: {{^    }}{{out1_[0-9]+}}[[[I]]] = exp({{x_[0-9]+}}[[[I]]]) * [[T]][[[I]]]{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[J:i_[0-9]+]] < {{n_[0-9]+}} work 1:{{$}}
-- CHECK-NEXT: {{^    }}{{out0_[0-9]+}}[[[J]]] = [[T]][[[J]]] + 1.0{{$}}

-- Left apart: the same, but the second reads the stored value one element further
-- (a dependence between iterations).
entry shifted(x: [n]f64): ([n]f64, [n]f64) =
  let e = exp(x) in (e + 1.0, build([n], \i -> exp(x[i]) * e[(i + 1) % n]))
-- CHECK-LABEL: loops shifted(
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < {{n_[0-9]+}} work 1:{{$}}
-- CHECK-NEXT: {{^    }}[[T:t_[0-9]+]][[[I]]] = exp({{x_[0-9]+}}[[[I]]]){{$}}
-- CHECK-NEXT: {{^  }}parallel for

-- Left apart: a consumer with no costly value in common (fusion would only lengthen
-- each iteration's chain of calls).
entry chain(x: [n]f64): [n]f64 = let e = exp(x) in tanh(e) + e
-- CHECK-LABEL: loops chain(
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < {{n_[0-9]+}} work 1:{{$}}
-- CHECK-NEXT: {{^    }}[[T:t_[0-9]+]][[[I]]] = exp({{x_[0-9]+}}[[[I]]]){{$}}
-- CHECK-NEXT: {{^  }}parallel for

-- Left apart: arithmetic next to a loop of calls (it would no longer vectorise).
entry mixed(x: [n]f64, y: [n]f64): ([n]f64, [n]f64) = (exp(x), y + 1.0)
-- CHECK-LABEL: loops mixed(
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < {{n_[0-9]+}} work 1:{{$}}
-- CHECK-NEXT: {{^    }}{{out0_[0-9]+}}[[[I]]] = exp({{x_[0-9]+}}[[[I]]]){{$}}
-- CHECK-NEXT: {{^  }}parallel for

-- Each loop reads x[i + 1] under its range check into a local of its own; fused, the
-- second read is the first one's local, so both results take the same tanh.
entry nextTwice(x: [n]f64): ([n]f64, [n]f64) =
  (build([n], \i -> tanh(x[i + 1]) * 2.0), build([n], \i -> tanh(x[i + 1]) + 1.0))
-- CHECK-LABEL: loops nextTwice(
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < {{n_[0-9]+}} work {{[0-9]+}}:{{$}}
-- CHECK-NEXT: {{^    }}f64 [[SAFE:safe_[0-9]+]] = 0.0{{$}}
-- CHECK-NEXT: {{^    }}if {{.*}}:{{$}}
-- CHECK-NEXT: {{^      }}[[SAFE]] = {{x_[0-9]+}}[[[I]] + 1]{{$}}
-- CHECK-NEXT: {{^    }}{{out0_[0-9]+}}[[[I]]] = tanh([[SAFE]]) * 2.0{{$}}
-- CHECK-NEXT: {{^    }}{{out1_[0-9]+}}[[[I]]] = tanh([[SAFE]]) + 1.0{{$}}
-- CHECK-NOT: safe_
