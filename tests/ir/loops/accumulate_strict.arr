-- ARGS: --dump-after=accumulate --verify-ir --strict-fp
-- As accumulate.arr, with --strict-fp: each accumulator receives its terms in the order
-- the sum read them, from the sum's identity, and each row of sums is filled with the
-- identity just before, so the values are the same bit for bit and the rewrite applies
-- (the updates are marked in order).
def pairwise(x: [n, d]f64): f64 =
  sum(build([n], \i -> sum(build([n], \j -> exp(-sum((x[i] - x[j]) ** 2.0))))))
entry g(x: [n, d]f64) = grad(pairwise)(x)
-- CHECK-LABEL: loops g(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[D:d_[0-9]+]]: size, [[X:x_[0-9]+]]: *f64[[[N]], [[D]]]) -> ([[OUT:out0_[0-9]+]]: *f64[[[N]], [[D]]]):
-- CHECK-NOT: alloc f64[[[N]], [[N]], [[D]]]
-- CHECK: {{^  }}[[A1:t_[0-9]+]] = alloc f64[[[N]], [[D]]]{{$}}
-- CHECK: {{^  }}[[A2:t_[0-9]+]] = alloc f64[[[N]], [[D]]]{{$}}
-- CHECK: {{^      }}[[A2]][{{i_[0-9]+}}, {{i_[0-9]+}}] = -0.0{{$}}
-- CHECK-NEXT: {{^  }}for [[I:i_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^    }}for [[J:i_[0-9]+]] < [[N]]:{{$}}
-- CHECK-NEXT: {{^      }}for [[K:i_[0-9]+]] < [[D]]:{{$}}
-- CHECK: {{^        }}[[A1]][[[I]], [[K]]] += {{t_[0-9]+}} (in order){{$}}
-- CHECK-NEXT: {{^        }}[[A2]][[[J]], [[K]]] += {{t_[0-9]+}} (in order){{$}}
-- CHECK: {{^      }}{{row_[0-9]+}}[[[C:i_[0-9]+]]] += [[A1]][{{i_[0-9]+}}, [[C]]] (in order){{$}}
-- CHECK-NOT: alloc f64[[[N]], [[N]], [[D]]]
