-- ARGS: --dump-after=simplify --verify-ir
-- (x + c1) + c2 = x + (c1 + c2) for integers, with - as well: index
-- arithmetic stays small.
entry main(j: i64) = ((j + 3) - 5) + 1
-- INPUTS: 10
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}[[J]] + (-1){{$}}

-- Cancelling constants leave x (x + 0).
entry cancel(j: [k]i64) = (j - 4) + 4
-- INPUTS(cancel): [1, -2]
-- CHECK-LABEL: entry cancel (
-- CHECK-SAME: [[J:j_[0-9]+]] : [k]i64) =
-- CHECK-NEXT: {{^  }}[[J]]{{$}}

-- In an index: a[i + 1 + 1] reads a[i + 2].
entry index(a: [k]f64) = build([k], \i -> a[i + 1 + 1])
-- INPUTS(index): [1.5, 2.5, 3.5, 4.5]
-- CHECK-LABEL: entry index (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}build1 k (\[[I:i_[0-9]+]] -> index [[A]] [[[I]] + 2]){{$}}

-- Wrapping: the constants wrap as the additions would.
entry wrap(j: i64) = (j + 9223372036854775807) + 2
-- INPUTS(wrap): 5
-- CHECK-LABEL: entry wrap (
-- CHECK-SAME: [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}[[J]] + (-9223372036854775807){{$}}

-- Not for floats: (x + 1e16) + 1.0 is not x + (1e16 + 1.0).
entry floats(x: f64) = (x + 1e16) + 1.0
-- INPUTS(floats): 1.0
-- CHECK-LABEL: entry floats (
-- CHECK-SAME: [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}([[X]] + 1e+16) + 1.0{{$}}
