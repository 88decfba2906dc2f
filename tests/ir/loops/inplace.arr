-- ARGS: --dump-after=inplace --verify-ir --loop-checkpoints=all
-- Reverse mode through a recurrence that reads x[t] at step t: the gradient of x is a
-- state of the reverse loop that each step adds one value to (a zero-filled array
-- with one element added, added to the whole state). The state is updated in place
-- and the value goes straight into it: no array is allocated, filled or copied per
-- step (the reverse sweep is linear in the steps, not quadratic).
def run(x: [n]f64, w: f64): f64 =
  fold(\s t -> tanh(w * s + x[t]), 0.0, iota(n))
entry rnn(x: [n]f64, w: f64) = grad(run)(x, w)
-- CHECK-LABEL: loops rnn(
-- CHECK: {{^  }}[[G:state_[0-9]+]] = alloc f64[{{n_[0-9]+}}]{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[I:i_[0-9]+]] < {{n_[0-9]+}} work 1:{{$}}
-- CHECK-NEXT: {{^    }}[[G]][[[I]]] = 0.0{{$}}
-- CHECK-NEXT: {{^  }}for steps
-- CHECK-NOT: {{alloc|swap|^    parallel for|^    for }}
-- CHECK: {{^      }}[[G]][{{safe_[0-9]+}}] += {{s_[0-9]+}}{{$}}
-- CHECK-NOT: {{alloc|swap}}
-- CHECK: {{^  }}parallel for
-- CHECK-NOT: next_

-- A matrix product as a fold of rank-1 updates: the reverse sweep's cotangent state
-- passes through unchanged (no copy is left), and each gradient receives one column or
-- row per step as a masked term (select on the step's index): the nest runs at that
-- index only.
def product(a: [n, k]f64, b: [k, m]f64): [n, m]f64 =
  fold(\acc p -> build([n, m], \i j -> acc[i, j] + a[i, p] * b[p, j]),
       build([n, m], \i j -> 0.0), iota(k))
entry rank1(a: [n, k]f64, b: [k, m]f64) = grad(\a b -> sum(sum(product(a, b) ** 2.0)))(a, b)
-- CHECK-LABEL: loops rank1(
-- CHECK: {{^  }}for steps
-- CHECK: {{^  }}for steps [[S:step_[0-9]+]] < {{k_[0-9]+}}:{{$}}
-- CHECK-NOT: swap
-- CHECK: {{^    }}parallel for {{i_[0-9]+}} < {{n_[0-9]+}} work {{.*}} /u max({{k_[0-9]+}}, 1):{{$}}
-- CHECK: {{^      }}if (0 <= [[C:safe_[0-9]+]]) && ([[C]] < {{k_[0-9]+}}):{{$}}
-- CHECK-NEXT: {{^        }}[[GA:state_[0-9]+]][{{i_[0-9]+}}, [[C]]] = [[GA]][{{i_[0-9]+}}, [[C]]] + {{.*}}
-- CHECK-NOT: swap
-- CHECK: {{^        }}[[GB:state_[0-9]+]][[[C]], [[J:i_[0-9]+]]] = [[GB]][[[C]], [[J]]] + {{.*}}
-- CHECK-NOT: swap
-- CHECK: {{^  }}parallel for

-- A state read at another element than the one written (a rotation) stays double
-- buffered.
entry rotate(x: [n]f64, s: [k]f64): [n]f64 =
  fold(\acc t -> build([n], \i -> acc[(i + 1) % n] + s[t]), x, iota(k))
-- CHECK-LABEL: loops rotate(
-- CHECK: {{^  }}[[ST:state_[0-9]+]] = alloc
-- CHECK: {{^  }}[[NX:next_[0-9]+]] = alloc
-- CHECK: {{^      }}[[NX]][{{i_[0-9]+}}] = {{safe_[0-9]+}} + {{.*}}
-- CHECK-NEXT: {{^    }}swap [[ST]] [[NX]]{{$}}
