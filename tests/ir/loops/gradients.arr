-- ARGS: --dump-after=loops --verify-ir
-- Gradients fuse like primal code: the BOT's replicated cotangents and the
-- transposed sums come back as plain loops. grad of a dot product is one
-- elementwise loop per result, with no buffer.
def d(x: [n]f64, y: [n]f64): f64 = sum(x * y)
entry dd(x: [n]f64, y: [n]f64) = grad(d)(x, y)
-- CHECK-LABEL: loops dd(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[X:x_[0-9]+]]: *f64[[[N]]], [[Y:y_[0-9]+]]: *f64[[[N]]]) -> ([[DX:out0_[0-9]+]]: *f64[[[N]]], [[DY:out1_[0-9]+]]: *f64[[[N]]]):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[DX]][[[I]]] = {{(1.0 \* )?}}[[Y]][[[I]]]{{$}}
-- CHECK-NEXT: {{^  }}parallel for [[J:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[DY]][[[J]]] = {{(1.0 \* )?}}[[X]][[[J]]]{{$}}
-- CHECK-NOT: {{alloc|for }}

-- grad of sum(matvec(a, v)) with respect to a is the outer product of ones and
-- v: a 2-deep nest writing the result directly; the one with respect to v
-- (column sums of a) needs no buffer either.
def mvl(a: [n, k]f64, v: [k]f64): f64 = sum(matvec(a, v))
entry dmv(a: [n, k]f64, v: [k]f64) = grad(mvl)(a, v)
-- CHECK-LABEL: loops dmv(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[K:k_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[[[N]], [[K]]], [[V:v_[0-9]+]]: *f64[[[K]]]) -> ([[DA:out0_[0-9]+]]: *f64[[[N]], [[K]]], [[DV:out1_[0-9]+]]: *f64[[[K]]]):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}for [[J:i_[0-9]+]] < [[K]]:{{$}}
-- CHECK-NEXT: {{^      }}[[DA]][[[I]], [[J]]] = {{(1.0 \* )?}}[[V]][[[J]]]{{$}}
-- CHECK: [[DV]][{{.*}}] += [[A]][
-- CHECK-NOT: alloc
