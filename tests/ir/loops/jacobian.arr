-- ARGS: --dump-after=loops --verify-ir
-- Full Jacobians with the prelude's jacrev (a build of vjps with one-hot
-- cotangents) and jacfwd (a build of jvps with one-hot tangents, transposed):
-- after the primal values shared by every row (exp(a v)) are computed once,
-- the rows of the [m, n] result are one parallel loop whose body, a sequential
-- loop nest, writes row i of the result; nothing inside it is parallel.
entry jr(a: [m, n]f64, x: [n]f64): [m, n]f64 = jacrev(\v -> exp(matvec(a, v)), x)
-- CHECK-LABEL: loops jr(
-- CHECK-SAME: [[M:m_[0-9]+]]: size, [[N:n_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[{{[^]]*}}], [[X:x_[0-9]+]]: *f64[{{[^]]*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{[^]]*}}]):
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[M]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}f64 {{.*}} = -0.0{{$}}
-- CHECK: {{^    }}t_{{[0-9]+}}[[[I]]] = exp(
-- CHECK: {{^  }}parallel for [[R:i_[0-9]+]] < [[M]] work {{.*}}[[N]]{{.*}}:{{$}}
-- CHECK-NOT: parallel
-- CHECK: {{^      }}[[OUT]][[[R]], {{i_[0-9]+}}] = {{.*$}}
-- CHECK-NOT: parallel

entry jf(a: [m, n]f64, x: [n]f64): [m, n]f64 = jacfwd(\v -> exp(matvec(a, v)), x)
-- CHECK-LABEL: loops jf(
-- CHECK-SAME: [[M:m_[0-9]+]]: size, [[N:n_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[{{[^]]*}}], [[X:x_[0-9]+]]: *f64[{{[^]]*}}]) -> ([[OUT:out0_[0-9]+]]: *f64[{{[^]]*}}]):
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[M]] work {{.*}}:{{$}}
-- CHECK: {{^    }}t_{{[0-9]+}}[[[I]]] = exp(
-- CHECK: {{^  }}parallel for [[R:i_[0-9]+]] < [[M]] work {{.*}}[[N]]{{.*}}:{{$}}
-- CHECK-NOT: parallel
-- CHECK: {{^      }}[[OUT]][[[R]], {{i_[0-9]+}}] = {{.*$}}
-- CHECK-NOT: parallel
