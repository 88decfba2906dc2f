-- ARGS: --dump-after=loops --verify-ir
-- gather, iota and cond inside a consumer are index arithmetic and selects in
-- the consumer's single loop: no index array, no gathered copy.
entry reversedPlusIota(a: [n]f64): [n]f64 = gather([n], a, \i -> [n - 1 - i]) + f64(iota(n))
-- CHECK-LABEL: loops reversedPlusIota(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[A:a_[0-9]+]]: *f64[[[N]]]) -> ([[OUT:out0_[0-9]+]]: *f64[[[N]]]):
-- CHECK-NOT: {{alloc|for }}
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK: [[A]][([[N]] - [[I]]) - 1]
-- CHECK: {{^    }}[[OUT]][[[I]]] = {{.*}} + f64([[I]]){{$}}
-- CHECK-NOT: {{alloc|free|for }}

-- An elementwise if is a select (both branches are total and cheap here).
entry clamp(x: [n]f64): [n]f64 = build([n], \i -> if x[i] > 1.0 then 1.0 else if x[i] < -1.0 then -1.0 else x[i])
-- CHECK-LABEL: loops clamp(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[X:x_[0-9]+]]: *f64[[[N]]]) -> ([[OUT:out0_[0-9]+]]: *f64[[[N]]]):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[OUT]][[[I]]] = select([[X]][[[I]]] > 1.0, 1.0, select([[X]][[[I]]] < -1.0, -1.0, [[X]][[[I]]])){{$}}
-- CHECK-NOT: {{alloc|free|for }}

-- An if on a scalar condition choosing between two array expressions: one loop
-- selecting per element, not two arrays built then chosen.
entry pick(c: bool, x: [n]f64, y: [n]f64): [n]f64 = if c then x * 2.0 else exp(y)
-- CHECK-LABEL: loops pick(
-- CHECK-SAME: [[N:n_[0-9]+]]: size, [[C:c_[0-9]+]]: bool, [[X:x_[0-9]+]]: *f64[[[N]]], [[Y:y_[0-9]+]]: *f64[[[N]]]) -> ([[OUT:out0_[0-9]+]]: *f64[[[N]]]):
-- CHECK-NOT: alloc
-- CHECK: {{^  }}parallel for [[I:i_[0-9]+]] < [[N]] work {{.*}}:{{$}}
-- CHECK-NEXT: {{^    }}[[OUT]][[[I]]] = select([[C]], [[X]][[[I]]] * 2.0, exp([[Y]][[[I]]])){{$}}
-- CHECK-NOT: {{alloc|free|for }}
