-- ARGS: --dump-after=simplify --verify-ir
-- index [t0, ..., tn] [c, rest...] with a constant c is t_c indexed by rest;
-- out of range (c < 0 or c > n) it is zeros (totality).
entry main(x: f64, y: f64) = [x, y][1]
-- INPUTS: 1.5 2.5
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64, [[Y:y_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}[[Y]]{{$}}

-- Past the end and negative: zeros.
entry outside(x: f64, y: f64) = [x, y][2] + y * [x, y][-1]
-- INPUTS(outside): 1.5 2.5
-- CHECK-LABEL: entry outside (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64, [[Y:y_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}0.0 + ([[Y]] * 0.0){{$}}

-- Out of range rows: replicated zeros of the element's shape (here i64).
entry rows(a: [k]i64, b: [k]i64) = [a, b][5]
-- INPUTS(rows): [1, 2] [3, 4]
-- CHECK-LABEL: entry rows (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]i64, [[B:b_[0-9]+]] : [k]i64) =
-- CHECK-NEXT: {{^  }}replicate k 0{{$}}

-- With further indices: [[x, y], [z, w]][1, 0] is z, and a row then indexed by j.
entry nested(x: f64, y: f64, z: f64, w: f64, a: [k]f64, j: i64) = [[x, y], [z, w]][1, 0] + [a, a * 2.0][1 - 1, j]
-- INPUTS(nested): 1.0 2.0 3.0 4.0 [5.0, 6.0] 1
-- CHECK-LABEL: entry nested (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64, [[Y:y_[0-9]+]] : f64, [[Z:z_[0-9]+]] : f64, [[W:w_[0-9]+]] : f64, [[A:a_[0-9]+]] : [k]f64, [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}[[Z]] + (index [[A]] [[[J]]]){{$}}

-- A variable index stays.
entry variable(x: f64, y: f64, j: i64) = [x, y][j]
-- INPUTS(variable): 1.5 2.5 1
-- CHECK-LABEL: entry variable (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64, [[Y:y_[0-9]+]] : f64, [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}index [[[X]], [[Y]]] [[[J]]]{{$}}
