-- ARGS: --dump-after=simplify --verify-ir
-- sumOuter (replicate k a) = a * k for (wrapping) integers.
entry main(j: [n]i64) = sumOuter(replicate(3, j))
-- INPUTS: [1, -2, 4611686018427387904]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[J:j_[0-9]+]] : [n]i64) =
-- CHECK-NEXT: {{^  }}[[J]] * (replicate n 3){{$}}

-- A size variable as the count, a scalar a.
entry sized(a: [k]f64, j: i64) = sumOuter(replicate(k, j * 2))
-- INPUTS(sized): [1.0, 2.0, 3.0] 5
-- CHECK-LABEL: entry sized (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}([[J]] * 2) * (size k){{$}}

-- Rows: the sum of 4 copies of m.
entry rows(m: [n,q]i64) = sumOuter(replicate(4, m))
-- INPUTS(rows): [[1, 2], [3, -4]]
-- CHECK-LABEL: entry rows (
-- CHECK-SAME: [[M:m_[0-9]+]] : [n,q]i64) =
-- CHECK-NEXT: {{^  }}[[M]] * (replicate n (replicate q 4)){{$}}
