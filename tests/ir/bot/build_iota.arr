-- Fig. 9, build1 of the index variable: build1 k (\i. i) ~> [0, ..., k-1],
-- which the core IR writes `iota k`.
entry ident(a: [k]f64) = build([k], \i -> i)
-- CHECK-LABEL: entry ident (
-- CHECK-NEXT: {{^  }}iota k{{$}}

entry constant_size(a: [k]f64) = build([4], \i -> i)
-- CHECK-LABEL: entry constant_size (
-- CHECK-NEXT: {{^  }}iota 4{{$}}

-- The index variable as a leaf under other rules: the conversion is a unary op,
-- the product a binary op, a[i] becomes the identity gather (Fig. 11).
entry scaled(a: [k]f64) = build([k], \i -> f64(i) * a[i])
-- CHECK-LABEL: entry scaled (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}(f64 (iota k)) * (gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]])){{$}}
